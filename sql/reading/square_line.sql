-- square_line(square, anchor, mov_dir): square lies on the line that
-- starts at anchor and runs in direction mov_dir (four lines a square).
select square, anchor, mov_dir
from square_line
