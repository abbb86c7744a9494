-- hole(square): no queen may stand on the squares named (`queens init
-- --holes a4,d5`); none, unless some are named. (No square's name is
-- empty: '' only begins the list.)
insert into hole (square)
select square
from square
where square in (
    ''
--@ for hole in HOLES
    , '{{ hole }}'
--@ endfor
);
