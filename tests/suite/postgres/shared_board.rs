//! A board on a PostgreSQL server that people share: what `\d+`
//! shows of it (every table, view and column described, as Datasette's
//! metadata describes them, and the user's own comments kept through a
//! rebuild), and a board one ordinary role builds that another reads once
//! it names the builder as trusted (`--trust-owner`).

use crate::common;
use crate::common::Bounded;

use std::collections::BTreeMap;
use std::process::Output;

use common::server::{Role, Schema};
use common::{Board, assert_refused, queens, text};

fn server() -> String {
    common::server::postgres()
}

/// Every table and view of the schema, and every column of theirs, with
/// its comment as `\d+` shows it: (relation, column or "") → comment.
fn comments(schema: &Schema) -> BTreeMap<(String, String), Option<String>> {
    schema
        .client()
        .query(
            "select c.relname::text, a.attname::text, col_description(c.oid, a.attnum)
             from pg_class as c
             join pg_attribute as a
               on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
             where c.relnamespace = $1::text::regnamespace and c.relkind in ('r', 'v')
             union all
             select c.relname::text, '', obj_description(c.oid, 'pg_class')
             from pg_class as c
             where c.relnamespace = $1::text::regnamespace and c.relkind in ('r', 'v')",
            &[&schema.name],
        )
        .unwrap()
        .iter()
        .map(|row| ((row.get(0), row.get(1)), row.get(2)))
        .collect()
}

/// What `export --format datasette` says of the n×n board's relations and
/// columns, read from an SQLite file of that size.
fn datasette_descriptions(n: u8) -> BTreeMap<(String, String), String> {
    let board = Board::new(n);
    let json = board.stdout(&["export", "--format", "datasette"]);
    let document: serde_json::Value = serde_json::from_str(&json).unwrap();
    let database = document["databases"].as_object().unwrap().values().next();
    let tables = database.unwrap()["tables"].as_object().unwrap();
    let mut described = BTreeMap::new();
    for (relation, about) in tables {
        if let Some(text) = about["description"].as_str() {
            described.insert((relation.clone(), String::new()), text.to_string());
        }
        for (column, text) in about["columns"].as_object().into_iter().flatten() {
            let text = text.as_str().unwrap().to_string();
            described.insert((relation.clone(), column.clone()), text);
        }
    }
    described
}

promise!(
    every_table_view_and_column_carries_its_sentence_and_yours_stay,
    needs = [Postgres]
);
fn every_table_view_and_column_carries_its_sentence_and_yours_stay() {
    let schema = Schema::new(&server(), "sb");
    schema.stdout(&["init"]);
    let found = comments(&schema);
    assert!(found.len() > 100, "{found:?}");
    for ((relation, column), comment) in &found {
        let comment = comment.as_deref().unwrap_or_default();
        assert!(!comment.is_empty(), "{relation}.{column} has no comment");
    }
    let datasette = datasette_descriptions(8);
    for ((relation, column), text) in &datasette {
        let key = (relation.clone(), column.clone());
        assert_eq!(found[&key].as_deref(), Some(text.as_str()), "{key:?}");
    }
    assert!(datasette.contains_key(&("solution".into(), "s8".into())));

    // The user replaces queens' sentence on a table, a view and a column.
    let name = &schema.name;
    schema
        .client()
        .batch_execute(&format!(
            "comment on table {name}.square is 'mine: squares'; \
             comment on view {name}.solution is 'mine: the answers'; \
             comment on column {name}.solution.s2 is 'mine: the second queen'"
        ))
        .unwrap();
    schema.stdout(&["init", "--force", "--size", "9"]);
    let found = comments(&schema);
    let get = |relation: &str, column: &str| {
        found[&(relation.to_string(), column.to_string())]
            .clone()
            .unwrap_or_default()
    };
    assert_eq!(get("square", ""), "mine: squares");
    assert_eq!(get("solution", ""), "mine: the answers");
    assert_eq!(get("solution", "s2"), "mine: the second queen");
    assert_eq!(get("solution", "s9"), "queen 9's square, in column i");
    assert_eq!(
        get("candidate", ""),
        datasette[&("candidate".into(), String::new())]
    );
    // Back to 8×8: queens' own comment on s9 is not the user's to keep.
    schema.stdout(&["init", "--force", "--size", "8"]);
    assert_eq!(
        comments(&schema)[&("square".into(), String::new())].as_deref(),
        Some("mine: squares")
    );
}

promise!(
    init_describes_a_schema_an_older_queens_built,
    needs = [Postgres]
);
fn init_describes_a_schema_an_older_queens_built() {
    let schema = Schema::new(&server(), "sb");
    schema.stdout(&["init", "--size", "6"]);
    let said = schema.stdout(&["init"]);
    assert!(said.contains("nothing to do"), "{said}");
    // As an older queens left it: no comments at all.
    schema
        .client()
        .batch_execute(&format!(
            "delete from pg_description where objoid in \
             (select oid from pg_class where relnamespace = '{}'::regnamespace)",
            schema.name
        ))
        .unwrap();
    assert!(comments(&schema).values().all(Option::is_none));
    let said = schema.stdout(&["init"]);
    assert!(said.contains("brought it up to date"), "{said}");
    assert!(comments(&schema).values().all(Option::is_some));
    let out = schema.run(&["count"]);
    assert_eq!(text(&out.stdout).trim(), "4");
}

/// Runs queens as the role of `url` on `schema`, with `env` set.
pub(super) fn run_as(url: &str, schema: &Schema, args: &[&str], env: &[(&str, &str)]) -> Output {
    queens(schema.dir.path())
        .args(args)
        .args(["--db", url, "--schema", &schema.name])
        .env_remove("QUEENS_TRUST_OWNER")
        .envs(env.iter().copied())
        .bounded_output()
        .unwrap()
}

/// A new ordinary role `name` that may create schemas in the database of
/// `schema`.
pub(super) fn role_that_may_create_schemas(admin: &str, schema: &Schema, name: &str) -> Role {
    let database: String = schema
        .client()
        .query_one("select current_database()::text", &[])
        .unwrap()
        .get(0);
    Role::new(
        admin,
        name,
        &format!("grant create on database \"{database}\" to {{role}}"),
    )
}

/// Two ordinary roles: carol, who builds the board in `schema`, and dave,
/// whom she lets read it.
pub(super) fn a_board_carol_built_and_dave_may_read(admin: &str, schema: &Schema) -> (Role, Role) {
    let carol = role_that_may_create_schemas(admin, schema, "carol");
    let dave = Role::new(admin, "dave", "");
    let out = run_as(&carol.url, schema, &["init"], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    carol
        .client()
        .batch_execute(&format!(
            "grant usage on schema {0} to {1}; grant select on all tables in schema {0} to {1}",
            schema.name, dave.name
        ))
        .unwrap();
    (carol, dave)
}

promise!(
    a_reader_who_names_the_builder_as_trusted_reads_an_ordinary_role_s_board,
    needs = [Postgres]
);
fn a_reader_who_names_the_builder_as_trusted_reads_an_ordinary_role_s_board() {
    let admin = server();
    let schema = Schema::new(&admin, "cb");
    let (carol, dave) = a_board_carol_built_and_dave_may_read(&admin, &schema);

    let refused = run_as(&dave.url, &schema, &["count"], &[]);
    let advice = format!("if you trust {0}, add --trust-owner {0}", carol.name);
    assert_refused(&refused, 1, &advice);
    assert!(text(&refused.stderr).contains(&format!("connect as {}", carol.name)));

    let said = format!(
        "trusting role {}: its SQL in schema {} runs with your privileges",
        carol.name, schema.name
    );
    for url in [&dave.url, &admin] {
        let out = run_as(url, &schema, &["count", "--trust-owner", &carol.name], &[]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), "92");
        assert!(text(&out.stderr).contains(&said), "{}", text(&out.stderr));
    }
    let listed = format!("{},{}", dave.name, carol.name);
    let out = run_as(
        &dave.url,
        &schema,
        &["count"],
        &[("QUEENS_TRUST_OWNER", &listed)],
    );
    assert_eq!(text(&out.stdout).trim(), "92", "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains(&said));

    // Trusting someone else is not trusting carol.
    let other = run_as(
        &dave.url,
        &schema,
        &["count", "--trust-owner", &dave.name],
        &[],
    );
    assert_eq!(other.status.code(), Some(1), "{}", text(&other.stderr));
    assert!(
        text(&other.stderr).contains(&advice),
        "{}",
        text(&other.stderr)
    );
}

/// The commands that read or rebuild a board on a server: each connects
/// through the one check of whose SQL it would run.
const EVERY_COMMAND: [&[&str]; 6] = [
    &["count"],
    &["space"],
    &["doctor"],
    &["query", "select 1"],
    &["solve"],
    &["init", "--force"],
];

/// The board carol built, as the reader `url` reads it trusting carol
/// alone: every command refused, in one line naming `names`, with nothing
/// printed.
pub(super) fn refused_trusting_carol(url: &str, schema: &Schema, carol: &Role, names: &str) {
    refused_trusting_carol_in(&EVERY_COMMAND, url, schema, carol, names);
}

/// As `refused_trusting_carol`, for `count` alone: for a test of what the
/// walk reaches, once every command is known to walk alike.
pub(super) fn count_refused_trusting_carol(url: &str, schema: &Schema, carol: &Role, names: &str) {
    refused_trusting_carol_in(&[&["count"]], url, schema, carol, names);
}

fn refused_trusting_carol_in(
    commands: &[&[&str]],
    url: &str,
    schema: &Schema,
    carol: &Role,
    names: &str,
) {
    for &command in commands {
        let out = run_as(
            url,
            schema,
            &[command, &["--trust-owner", &carol.name]].concat(),
            &[],
        );
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{command:?}: {}", text(&out.stdout));
        let last = stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("queens: ") && last.contains(names),
            "{command:?}: expected {names:?} in: {stderr}"
        );
    }
}

/// Runs `sql` as `role`, with `{util}` standing for the helper schema.
pub(super) fn as_role(role: &Role, util: &str, sql: &str) {
    role.client()
        .batch_execute(&sql.replace("{util}", util))
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

// From an attack: a superuser read carol's board trusting carol, and
// carol's view called util.tag, which dave owned and later made write who
// ran it (the superuser) into a file. Trusting carol trusts carol's SQL,
// not whatever it calls: every dependency, however far along, is owned by
// the reader, a role it named, or the server.
promise!(
    trusting_carol_is_not_trusting_whoever_carol_s_views_call,
    needs = [Postgres]
);
fn trusting_carol_is_not_trusting_whoever_carol_s_views_call() {
    let admin = server();
    let schema = Schema::new(&admin, "cb");
    let (carol, dave) = a_board_carol_built_and_dave_may_read(&admin, &schema);
    let util = format!("{}_util", schema.name);
    schema
        .client()
        .batch_execute(&common::server::catalog_serialised(&format!(
            "grant create on database \"{}\" to {}",
            schema
                .client()
                .query_one("select current_database()::text", &[])
                .unwrap()
                .get::<_, String>(0),
            dave.name
        )))
        .unwrap();
    as_role(
        &dave,
        &util,
        "create schema {util}; grant usage on schema {util} to public; \
         create table {util}.ran (who text); grant insert on {util}.ran to public; \
         create function {util}.tag(text) returns text language plpgsql as \
         $$ begin insert into {util}.ran values (current_user); return $1; end $$",
    );
    let s = &schema.name;
    as_role(
        &carol,
        &util,
        &format!(
            "create table {s}.funnel_copy as select * from {s}.search_funnel; \
             create or replace view {s}.search_funnel as select queens, by_candidate_rule, \
             {{util}}.tag(by_placement_rule::text)::bigint as by_placement_rule \
             from {s}.funnel_copy"
        ),
    );
    let owned = format!("function {util}.tag(text), owned by {}", dave.name);
    refused_trusting_carol(&admin, &schema, &carol, &owned);
    let ran: i64 = schema
        .client()
        .query_one(&format!("select count(*) from {util}.ran"), &[])
        .unwrap()
        .get(0);
    assert_eq!(ran, 0, "dave's function ran");
    neither_an_extension_nor_naming_dave_lets_his_plpgsql_run(
        &admin, &schema, &carol, &dave, &util, &owned,
    );
    dependencies_of_every_kind_are_followed(&admin, &schema, &carol, &dave, &util);
}

/// Other ways carol's board can lead to dave's SQL, each refused naming
/// what of dave's it reaches; and once carol's board leads nowhere else, it
/// is read.
fn dependencies_of_every_kind_are_followed(
    admin: &str,
    schema: &Schema,
    carol: &Role,
    dave: &Role,
    util: &str,
) {
    let s = &schema.name;
    as_role(
        dave,
        util,
        "create function {util}.plus(bigint, bigint) returns bigint language sql immutable \
         begin atomic select $1 + $2; end; \
         create operator {util}.@@@ (leftarg = bigint, rightarg = bigint, function = {util}.plus); \
         create view {util}.v as select 0::bigint as zero; grant select on {util}.v to public; \
         create domain {util}.big as bigint check ({util}.plus(value, 0) is not null); \
         grant usage on domain {util}.big to public; \
         create type {util}.pair as (x {util}.big); grant usage on type {util}.pair to public",
    );
    let cases = ways_to_reach_dave(&schema.name, util, carol, dave);
    for (sql, names) in &cases {
        as_role(carol, util, sql);
        refused_trusting_carol(admin, schema, carol, names);
    }
    a_cast_looked_up_as_it_runs_is_followed(admin, schema, carol, dave, util);
    as_role(
        carol,
        util,
        &format!(
            "create or replace function {s}.f(bigint) returns bigint language sql begin atomic select $1; end"
        ),
    );
    let out = run_as(admin, schema, &["count", "--trust-owner", &carol.name], &[]);
    assert_eq!(text(&out.stdout).trim(), "92", "{}", text(&out.stderr));
}

// A role that is a member of carol can `set role` to carol and change her
// views: trusting carol trusts it too, so it must be named as well.
promise!(
    trusting_carol_names_every_role_that_can_act_as_carol,
    needs = [Postgres]
);
fn trusting_carol_names_every_role_that_can_act_as_carol() {
    let admin = server();
    let schema = Schema::new(&admin, "cb");
    let (carol, dave) = a_board_carol_built_and_dave_may_read(&admin, &schema);
    let mallory = Role::new(
        &admin,
        "mallory",
        &format!("grant {} to {{role}}", carol.name),
    );
    let out = run_as(
        &dave.url,
        &schema,
        &["count", "--trust-owner", &carol.name],
        &[],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    // (Here the schema-level check names mallory first: as a member of
    // carol, mallory may create objects in carol's schema.)
    assert!(
        text(&out.stderr).contains(&format!("add --trust-owner {}", mallory.name)),
        "{}",
        text(&out.stderr)
    );
    let both = format!("{},{}", carol.name, mallory.name);
    let out = run_as(&dave.url, &schema, &["count", "--trust-owner", &both], &[]);
    assert_eq!(text(&out.stdout).trim(), "92", "{}", text(&out.stderr));
    a_member_of_a_role_owning_what_the_board_reaches_is_named(&admin, &schema, &carol, &mallory);
}

/// Each change of carol's board that reaches something of dave's, with
/// what the refusal names.
fn ways_to_reach_dave(s: &str, util: &str, carol: &Role, dave: &Role) -> Vec<(String, String)> {
    let funnel = |body: &str| {
        format!(
            "create or replace view {s}.search_funnel as select queens, by_candidate_rule, \
             {body} as by_placement_rule from {s}.funnel_copy"
        )
    };
    vec![
        (
            funnel("by_placement_rule operator({util}.@@@) 0"),
            format!("operator {util}.@@@"),
        ),
        (
            funnel("by_placement_rule + (select zero from {util}.v)"),
            format!("view {util}.v, owned by {}", dave.name),
        ),
        (
            format!(
                "{}; create table {s}.extra (x {{util}}.big)",
                funnel("by_placement_rule")
            ),
            format!("{util}.plus(bigint,bigint)"),
        ),
        (
            format!(
                "drop table {s}.extra; create function {s}.f(bigint) returns bigint \
                 language plpgsql as $$ begin return $1; end $$; {}",
                funnel(&format!("{s}.f(by_placement_rule)"))
            ),
            format!("function {s}.f(bigint), owned by {}", carol.name),
        ),
    ]
    .into_iter()
    .chain(ways_through_carol_s_function(s, util, carol))
    .collect()
}

/// Carol's function `f`, which the funnel calls, made to reach code chosen
/// as it runs.
fn ways_through_carol_s_function(s: &str, util: &str, carol: &Role) -> Vec<(String, String)> {
    vec![
        (
            format!(
                "create or replace function {s}.f(bigint) returns bigint language sql \
                 begin atomic select $1 + 0 * length(query_to_xml('select 1', false, false, '')::text); end"
            ),
            "calls query_to_xml".to_string(),
        ),
        // A search_path set on carol's function
        // made an extension's SQL in quotes, which calls others by bare
        // name, find dave's function of the same name.
        (
            format!(
                "create or replace function {s}.f(bigint) returns bigint language sql \
                 begin atomic select $1; end; \
                 alter function {s}.f(bigint) set search_path = {util}"
            ),
            format!(
                "function {s}.f(bigint), owned by {}, which sets a setting",
                carol.name
            ),
        ),
        // ts_rewrite's second argument is a
        // query it runs; record_in reads a value as a type named when it
        // runs, whose domain check is dave's and recorded nowhere.
        (
            format!(
                "create or replace function {s}.f(bigint) returns bigint language sql \
                 begin atomic select $1 + 0 * length(ts_rewrite('a'::tsquery, 'select ''a''::tsquery, ''b''::tsquery')::text); end"
            ),
            "calls ts_rewrite(tsquery,text)".to_string(),
        ),
        (
            format!(
                "create or replace function {s}.f(bigint) returns bigint language sql \
                 begin atomic select $1 + 0 * length(record_in('(1)'::cstring, \
                 ('{util}' || '.pair')::regtype::oid, -1)::text); end"
            ),
            "calls record_in(cstring,oid,integer)".to_string(),
        ),
    ]
}

/// A member of a trusted role that owns nothing of the schema, only
/// something the schema reaches (erin's function, which eve, a member of
/// erin, can change) is named as the members of the schema's owner are.
fn a_member_of_a_role_owning_what_the_board_reaches_is_named(
    admin: &str,
    schema: &Schema,
    carol: &Role,
    mallory: &Role,
) {
    let erin = role_that_may_create_schemas(admin, schema, "erin");
    let eve = Role::new(admin, "eve", &format!("grant {} to {{role}}", erin.name));
    let util = format!("{}_erin", schema.name);
    as_role(
        &erin,
        &util,
        "create schema {util}; grant usage on schema {util} to public; \
         create function {util}.same(bigint) returns bigint language sql immutable \
         begin atomic select $1; end",
    );
    let s = &schema.name;
    as_role(
        carol,
        &util,
        &format!(
            "create table {s}.funnel_copy as select * from {s}.search_funnel; \
             create or replace view {s}.search_funnel as select queens, by_candidate_rule, \
             {{util}}.same(by_placement_rule) as by_placement_rule from {s}.funnel_copy"
        ),
    );
    let trusted = format!("{},{},{}", carol.name, mallory.name, erin.name);
    let out = run_as(admin, schema, &["count", "--trust-owner", &trusted], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = format!(
        "role {} can act as {} (it is a member of {}, or may create roles",
        eve.name, erin.name, erin.name
    );
    assert!(text(&out.stderr).contains(&said), "{}", text(&out.stderr));
    let all = format!("{trusted},{}", eve.name);
    let out = run_as(admin, schema, &["count", "--trust-owner", &all], &[]);
    assert_eq!(text(&out.stdout).trim(), "92", "{}", text(&out.stderr));
}

/// A cast from carol's type to text, made with
/// dave's function, which `||` looks up as it runs: no view records it, so
/// every cast of a type reached is followed.
fn a_cast_looked_up_as_it_runs_is_followed(
    admin: &str,
    schema: &Schema,
    carol: &Role,
    dave: &Role,
    util: &str,
) {
    let s = &schema.name;
    as_role(carol, util, &format!("create type {s}.t as (a int)"));
    as_role(
        dave,
        util,
        &format!(
            "create function {{util}}.t2text({s}.t) returns text language plpgsql as \
             $$ begin insert into {{util}}.ran values (current_user); return 'x'; end $$"
        ),
    );
    as_role(
        carol,
        util,
        &format!(
            "create cast ({s}.t as text) with function {{util}}.t2text({s}.t); \
             create or replace function {s}.f(bigint) returns bigint language sql \
             begin atomic select $1 + 0 * length(row(1)::{s}.t || ''); end"
        ),
    );
    refused_trusting_carol(
        admin,
        schema,
        carol,
        &format!("{util}.t2text({s}.t), owned by {}", dave.name),
    );
    as_role(carol, util, &format!("drop cast ({s}.t as text)"));
}

/// dave's plpgsql function, which carol's view calls, stays refused when
/// dave adds it to an extension he installed, and when dave is named too.
fn neither_an_extension_nor_naming_dave_lets_his_plpgsql_run(
    admin: &str,
    schema: &Schema,
    carol: &Role,
    dave: &Role,
    util: &str,
    owned: &str,
) {
    // The role dave installs a trusted extension, owns
    // it, and adds his function to it; an extension's objects stop the
    // walk only where a superuser owns the extension.
    as_role(
        dave,
        util,
        "create extension seg schema {util}; alter extension seg add function {util}.tag(text)",
    );
    refused_trusting_carol(admin, schema, carol, owned);
    as_role(
        dave,
        util,
        "alter extension seg drop function {util}.tag(text)",
    );
    // Naming dave too does not make a body the server keeps as text, which
    // could call anyone's, safe to run.
    let out = run_as(
        admin,
        schema,
        &[
            "count",
            "--trust-owner",
            &format!("{},{}", carol.name, dave.name),
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("a function whose body the server keeps as text"));
}
