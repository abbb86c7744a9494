//! The trust walk follows what the planner and the executor follow: every
//! reference between the server's catalogs that its own list holds
//! (pg_get_catalog_foreign_keys), not only what pg_depend records. A
//! reference the walk does not follow is listed in the SQL with the reason
//! it cannot carry another role's code.

use crate::common;
use crate::common::Bounded;

use common::server::{Role, Schema};

use super::shared_board::{
    a_board_carol_built_and_dave_may_read, as_role, count_refused_trusting_carol,
    refused_trusting_carol,
};

fn server() -> String {
    common::server::postgres()
}

/// sql/postgres/catalog_references.sql, as queens runs it (it is plain SQL,
/// with no template marker).
const REFERENCES: &str = include_str!("../../../sql/postgres/catalog_references.sql");

// The walk's steps are written from the server's list of catalog
// references; a reference of a newer server that fits none of the kinds
// the walk knows (followed, an owner, a key, covered by its first column,
// or not followed for a stated reason) fails here before it is trusted.
promise!(
    every_catalog_reference_is_followed_or_listed_with_its_reason,
    needs = [Postgres]
);
also_on_postgres_18!(
    every_catalog_reference_is_followed_or_listed_with_its_reason,
    every_catalog_reference_is_followed_or_listed_with_its_reason_on_postgresql_18
);
fn every_catalog_reference_is_followed_or_listed_with_its_reason() {
    every_reference_is_followed_or_listed(&server());
}

pub(super) fn every_reference_is_followed_or_listed(admin: &str) {
    let mut client = common::server::connect(admin);
    let listed: i64 = client
        .query_one("select count(*) from pg_get_catalog_foreign_keys()", &[])
        .unwrap()
        .get(0);
    let rows = client.query(REFERENCES, &[]).unwrap();
    assert_eq!(rows.len() as i64, listed, "a reference was left out");
    let mut followed = 0;
    for row in &rows {
        let (table, columns, target): (String, Vec<String>, String) =
            (row.get(0), row.get(1), row.get(2));
        let (treatment, why): (Option<String>, Option<String>) = (row.get(5), row.get(6));
        let reference = format!("{table} {columns:?} → {target}");
        match treatment.as_deref() {
            Some("follow") => followed += 1,
            Some("owner" | "key" | "covered") => {}
            Some("not followed") => assert!(
                why.is_some_and(|why| why.len() > 20),
                "{reference} is not followed, and no reason is given"
            ),
            other => panic!("{reference}: the walk neither follows nor lists it ({other:?})"),
        }
    }
    // The references that may carry code: an operator's function, negator
    // and commutator, a type's functions, an aggregate's, a range's.
    for (table, column) in [
        ("pg_operator", "oprnegate"),
        ("pg_operator", "oprcom"),
        ("pg_operator", "oprcode"),
        ("pg_operator", "oprrest"),
        ("pg_type", "typinput"),
        ("pg_type", "typreceive"),
        ("pg_type", "typsubscript"),
        ("pg_aggregate", "aggfinalfn"),
        ("pg_range", "rngcanonical"),
        ("pg_range", "rngsubdiff"),
        ("pg_cast", "castfunc"),
        ("pg_transform", "trffromsql"),
        ("pg_conversion", "conproc"),
    ] {
        let followed = rows.iter().any(|row| {
            row.get::<_, String>(0) == table
                && row.get::<_, Vec<String>>(1) == [column]
                && row.get::<_, Option<String>>(5).as_deref() == Some("follow")
        });
        assert!(followed, "{table}.{column} is not followed");
    }
    assert!(followed > 100, "only {followed} references followed");
}

/// A schema whose objects call nothing yet, carol's board in it, and
/// mallory, who may make a schema of her own.
struct Carol {
    admin: String,
    schema: Schema,
    carol: Role,
    mallory: Role,
    /// mallory's schema, where her function f is.
    mal: String,
    /// carol's schema for what a test has her make outside the board's.
    cx: String,
}

impl Carol {
    fn new(admin: &str) -> Carol {
        let schema = Schema::new(admin, "cw");
        let (carol, _dave) = a_board_carol_built_and_dave_may_read(admin, &schema);
        let database: String = schema
            .client()
            .query_one("select current_database()::text", &[])
            .unwrap()
            .get(0);
        let mallory = Role::new(
            admin,
            "mallory",
            &format!("grant create on database \"{database}\" to {{role}}"),
        );
        let mal = format!("{}_mal", schema.name);
        let cx = format!("{}_cx", schema.name);
        as_role(
            &mallory,
            &mal,
            "create schema {util}; grant usage on schema {util} to public; \
             create function {util}.f(integer, integer) returns boolean language sql stable \
             begin atomic select pg_read_file('PG_VERSION') is not null; end",
        );
        Carol {
            admin: admin.to_string(),
            schema,
            carol,
            mallory,
            mal,
            cx,
        }
    }

    /// Every command trusting carol is refused, naming mallory's f.
    fn refused_naming_mallory_s_function(&self) {
        let names = format!(
            "function {}.f(integer,integer), owned by {}",
            self.mal, self.mallory.name
        );
        refused_trusting_carol(&self.admin, &self.schema, &self.carol, &names);
    }
}

// From an attack: carol's operator === is built on int4eq, with negator
// !==, another operator of carol's, implemented by mallory's function f.
// pg_depend records no negator, so a walk of pg_depend never reached f;
// the planner rewrote `not (n === 0)` into `n !== 0` and ran f as the
// superuser who read carol's view.
promise!(
    a_trusted_operator_s_negator_leads_the_walk_to_its_function,
    needs = [Postgres]
);
also_on_postgres_18!(
    a_trusted_operator_s_negator_leads_the_walk_to_its_function,
    a_trusted_operator_s_negator_leads_the_walk_to_its_function_on_postgresql_18
);
fn a_trusted_operator_s_negator_leads_the_walk_to_its_function() {
    a_negator_or_commutator_is_followed(&server());
}

pub(super) fn a_negator_or_commutator_is_followed(admin: &str) {
    let board = Carol::new(admin);
    let s = &board.schema.name;
    let mal = &board.mal;
    let cx = &board.cx;
    for link in ["negator", "commutator"] {
        as_role(
            &board.carol,
            cx,
            &format!(
                "drop schema if exists {{util}} cascade; create schema {{util}}; \
                 create operator {{util}}.!== (function = {mal}.f, leftarg = integer, rightarg = integer); \
                 create operator {s}.=== (function = int4eq, leftarg = integer, rightarg = integer, \
                   {link} = operator({{util}}.!==)); \
                 create view {s}.v as select queens from {s}.search_funnel \
                   where not (queens::integer operator({s}.===) 0)"
            ),
        );
        board.refused_naming_mallory_s_function();
        as_role(
            &board.carol,
            cx,
            &format!("drop view {s}.v; drop operator {s}.=== (integer, integer)"),
        );
    }
}

// From an attack: PostgreSQL 17's `json_value(… returning d)` and
// `json_query` record no dependency on the domain d, and read the value as
// d as they run, its check calling mallory's function as the superuser who
// read carol's view. The walk reaches every type a stored tree names.
promise!(
    a_domain_a_json_value_returns_leads_the_walk_to_its_check_on_postgresql_18,
    needs = [Postgres18]
);
fn a_domain_a_json_value_returns_leads_the_walk_to_its_check_on_postgresql_18() {
    common::server::on_postgres_18(a_domain_a_json_value_returns_is_followed);
}

fn a_domain_a_json_value_returns_is_followed() {
    let board = Carol::new(&server());
    let (s, mal) = (&board.schema.name, &board.mal);
    let cx = &board.cx;
    as_role(
        &board.carol,
        cx,
        &format!(
            "create schema {{util}}; \
             create domain {{util}}.dom as integer check ({mal}.f(value, 0))"
        ),
    );
    for returning in [
        "json_value('{\"a\": 1}', '$.a' returning {util}.dom)",
        "json_query(jsonb '1', '$' returning {util}.dom)",
    ] {
        as_role(
            &board.carol,
            cx,
            &format!("create view {s}.v as select {returning}::integer as v"),
        );
        let names = format!(
            "function {mal}.f(integer,integer), owned by {}",
            board.mallory.name
        );
        count_refused_trusting_carol(&board.admin, &board.schema, &board.carol, &names);
        as_role(&board.carol, cx, &format!("drop view {s}.v"));
    }
}

// An operator's restriction estimator runs when a query using the
// operator is planned, and a type's default operator class's support
// functions when its values are sorted or grouped: neither is a function
// the operator or the type calls by name.
promise!(
    an_estimator_and_a_type_s_operator_class_lead_the_walk_to_their_functions,
    needs = [Postgres]
);
also_on_postgres_18!(
    an_estimator_and_a_type_s_operator_class_lead_the_walk_to_their_functions,
    an_estimator_and_a_type_s_operator_class_lead_the_walk_to_their_functions_on_postgresql_18
);
fn an_estimator_and_a_type_s_operator_class_lead_the_walk_to_their_functions() {
    let admin = server();
    let board = Carol::new(&admin);
    let s = &board.schema.name;
    let mal = &board.mal;
    // (Functions of language internal, which only a superuser makes, given
    // to mallory: the walk judges them by their owner.)
    let mut client = common::server::connect(&admin);
    client
        .batch_execute(&format!(
            "create function {mal}.sel(internal, oid, internal, integer) returns float8 \
               language internal stable as 'eqsel'; \
             alter function {mal}.sel(internal, oid, internal, integer) owner to {0}; \
             create function {mal}.cmp(anyenum, anyenum) returns integer \
               language internal immutable as 'enum_cmp'; \
             alter function {mal}.cmp(anyenum, anyenum) owner to {0}",
            board.mallory.name
        ))
        .unwrap();
    // (Only a superuser may name an estimator that is not built in: the
    // operator is made so and given to carol.)
    client
        .batch_execute(&format!(
            "create operator {s}.=== (function = int4eq, leftarg = integer, rightarg = integer, \
               restrict = {mal}.sel); \
             alter operator {s}.=== (integer, integer) owner to {}",
            board.carol.name
        ))
        .unwrap();
    as_role(
        &board.carol,
        mal,
        &format!(
            "create view {s}.v as select queens from {s}.search_funnel \
               where queens::integer operator({s}.===) 0"
        ),
    );
    let names = format!(
        "function {mal}.sel(internal,oid,internal,integer), owned by {}",
        board.mallory.name
    );
    count_refused_trusting_carol(&admin, &board.schema, &board.carol, &names);
    a_type_s_default_operator_class_is_followed(&board, &mut client);
}

/// carol's table of her enum type, whose default operator class, made by
/// a superuser in mallory's schema, compares with mallory's function.
fn a_type_s_default_operator_class_is_followed(board: &Carol, client: &mut postgres::Client) {
    let (s, mal) = (&board.schema.name, &board.mal);
    as_role(
        &board.carol,
        mal,
        &format!(
            "drop view {s}.v; drop operator {s}.=== (integer, integer); \
             create type {s}.mood as enum ('sad', 'glad'); \
             create table {s}.feeling (mood {s}.mood)"
        ),
    );
    client
        .batch_execute(&format!(
            "create operator class {mal}.mood_ops default for type {s}.mood using btree as \
               operator 1 < (anyenum, anyenum), operator 3 = (anyenum, anyenum), \
               operator 5 > (anyenum, anyenum), \
               function 1 {mal}.cmp(anyenum, anyenum)"
        ))
        .unwrap();
    let names = format!(
        "function {mal}.cmp(anyenum,anyenum), owned by {}",
        board.mallory.name
    );
    count_refused_trusting_carol(&board.admin, &board.schema, &board.carol, &names);
    client
        .batch_execute(&format!(
            "drop operator class {mal}.mood_ops using btree cascade"
        ))
        .unwrap();
}

// A child table of carol's inheriting from
// queens' board_size, its index on an immutable function of mallory's,
// which the planner folded as it planned a read of board_size; an operator
// and an aggregate carol made on ts_rewrite, which runs the SQL it is
// given; and (from PostgreSQL 16) pg_input_is_valid, which reads a value
// as a type named only as it runs. Each ran mallory's code as the
// superuser who trusted carol.
promise!(
    inheritance_children_and_text_running_builtins_behind_operators_are_followed,
    needs = [Postgres]
);
also_on_postgres_18!(
    inheritance_children_and_text_running_builtins_behind_operators_are_followed,
    inheritance_children_and_text_running_builtins_behind_operators_are_followed_on_postgresql_18
);
fn inheritance_children_and_text_running_builtins_behind_operators_are_followed() {
    let board = Carol::new(&server());
    let (s, mal) = (&board.schema.name, &board.mal);
    let cx = &board.cx;
    as_role(
        &board.mallory,
        mal,
        "create function {util}.g() returns integer language sql immutable \
         begin atomic select 0; end",
    );
    as_role(
        &board.carol,
        cx,
        &format!(
            "create schema {{util}}; \
             create table {{util}}.kid () inherits ({s}.board_size); \
             create index kid_g on {{util}}.kid ((n + {mal}.g()))"
        ),
    );
    let names = format!("function {mal}.g(), owned by {}", board.mallory.name);
    count_refused_trusting_carol(&board.admin, &board.schema, &board.carol, &names);
    as_role(&board.carol, cx, "drop table {util}.kid");
    for made in [
        format!(
            "create operator {{util}}.@@@ (leftarg = tsquery, rightarg = text, function = ts_rewrite); \
             create view {s}.v as select ('a'::tsquery operator({{util}}.@@@) 'select 1')::text as r"
        ),
        format!(
            "create aggregate {{util}}.agg(text) (sfunc = ts_rewrite, stype = tsquery, initcond = 'a'); \
             create view {s}.v as select {{util}}.agg(q)::text as r from (values ('select 1')) as x (q)"
        ),
    ] {
        as_role(&board.carol, cx, &made);
        count_refused_trusting_carol(
            &board.admin,
            &board.schema,
            &board.carol,
            "calls ts_rewrite(",
        );
        as_role(&board.carol, cx, &format!("drop view {s}.v"));
    }
    if server_major(&board.admin) >= 16 {
        as_role(
            &board.carol,
            cx,
            &format!("create view {s}.v as select pg_input_is_valid('1', 'integer') as ok"),
        );
        count_refused_trusting_carol(
            &board.admin,
            &board.schema,
            &board.carol,
            "calls pg_input_is_valid(",
        );
    }
}

/// The server's major version.
fn server_major(url: &str) -> i32 {
    common::server::connect(url)
        .query_one(
            "select current_setting('server_version_num')::integer / 10000",
            &[],
        )
        .unwrap()
        .get(0)
}

// The walk refuses only what could run another role's code: carol's type
// in the schema public (which pg_database_owner owns, a role nobody logs
// in as) is carol's; a cast another role makes from its own type to
// queens' row type runs only where SQL names that type, so anyone who may
// use the schema cannot bar its readers by making one.
promise!(
    the_walk_refuses_no_schema_for_what_cannot_run_another_role_s_code,
    needs = [Postgres]
);
also_on_postgres_18!(
    the_walk_refuses_no_schema_for_what_cannot_run_another_role_s_code,
    the_walk_refuses_no_schema_for_what_cannot_run_another_role_s_code_on_postgresql_18
);
fn the_walk_refuses_no_schema_for_what_cannot_run_another_role_s_code() {
    let board = Carol::new(&server());
    let (s, mal) = (&board.schema.name, &board.mal);
    let mut admin = common::server::connect(&board.admin);
    admin
        .batch_execute(&format!(
            "grant create on schema public to {}",
            board.carol.name
        ))
        .unwrap();
    let public_type = format!("{s}_mood");
    as_role(
        &board.carol,
        mal,
        &format!(
            "create type public.{public_type} as enum ('a'); \
             create table {s}.feeling (m public.{public_type}); \
             grant usage on schema {s} to public"
        ),
    );
    as_role(
        &board.mallory,
        mal,
        &format!(
            "create type {{util}}.mt as enum ('x'); \
             create function {{util}}.cf({{util}}.mt) returns {s}.board_size language sql \
               immutable begin atomic select row(1)::{s}.board_size; end; \
             create cast ({{util}}.mt as {s}.board_size) with function {{util}}.cf({{util}}.mt)"
        ),
    );
    let count = |url: &str, trust: &[&str]| {
        let out = common::queens(board.schema.dir.path())
            .args(["count", "--db", url, "--schema", s])
            .args(trust)
            .env_remove("QUEENS_TRUST_OWNER")
            .bounded_output()
            .unwrap();
        (common::text(&out.stdout), common::text(&out.stderr))
    };
    let trust = ["--trust-owner", board.carol.name.as_str()];
    for (url, trusted) in [(&board.carol.url, &[][..]), (&board.admin, &trust[..])] {
        let (out, err) = count(url, trusted);
        assert_eq!(out, "92\n", "{err}");
    }
    admin
        .batch_execute(&format!(
            "drop table {s}.feeling; drop type public.{public_type}; \
             revoke create on schema public from {}",
            board.carol.name
        ))
        .unwrap();
}

// On PostgreSQL 15 a role that may create
// roles can grant itself carol and act as her, without being her member.
// Trusting carol names it, as it names carol's members; from 16 on such a
// role may grant only the roles it administers, and is not named. (It
// makes a role every test that trusts a role would see.)
promise!(
    a_role_that_can_make_itself_carol_is_named_where_the_server_lets_it,
    needs = [PostgresAlone]
);
fn a_role_that_can_make_itself_carol_is_named_where_the_server_lets_it() {
    let board = Carol::new(&server());
    let maker = Role::new(&board.admin, "maker", "alter role {role} createrole");
    let out = common::queens(board.schema.dir.path())
        .args([
            "count",
            "--db",
            &board.admin,
            "--schema",
            &board.schema.name,
        ])
        .args(["--trust-owner", &board.carol.name])
        .env_remove("QUEENS_TRUST_OWNER")
        .bounded_output()
        .unwrap();
    let (said, err) = (common::text(&out.stdout), common::text(&out.stderr));
    if server_major(&board.admin) < 16 {
        assert!(
            said.is_empty() && err.contains(&format!("role {} can act as", maker.name)),
            "{err}"
        );
    } else {
        assert_eq!(said, "92\n", "{err}");
    }
}
