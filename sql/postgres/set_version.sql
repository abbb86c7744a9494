-- After the migrations, the schema's tables are those of version VERSION.
update queens_version set version = {{ VERSION }};
