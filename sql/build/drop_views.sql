-- Drops queens' views, each before the views it reads, so that they can
-- be made again for a new board or over the stored solutions.
--@ for view in VIEWS | reverse
drop view if exists {{ view }};
--@ endfor
