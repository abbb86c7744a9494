//! The privileges on queens' views across a rebuild, which drops the views
//! and makes them again: every grant is made again by its own grantor, with
//! its grant option, and every privilege the owner revoked from itself is
//! revoked again, so the views' ACLs read as they did (who granted what
//! decides who may revoke it). What the session cannot grant as its
//! grantor is refused before anything changes.

use std::collections::HashSet;

use anyhow::{Context, Result};
use postgres::Transaction;

use crate::engine::postgres::connect::{script, statement};
use crate::error::usage;
use crate::model::schema;
use crate::model::template::{Scope, quoted_identifier};

/// One privilege on a view (or one of its columns), as
/// sql/postgres/view_acls.sql reads it.
#[derive(Debug)]
pub(super) struct Privilege {
    view: String,
    column: Option<String>,
    /// `grant` (by `grantor` to `grantee`) or `revoke` (the owner's own).
    revoke: bool,
    owner_sql: String,
    grantor: String,
    grantor_sql: String,
    grantee: String,
    grantee_sql: String,
    privilege: String,
    grantable: bool,
    may_act: bool,
}

/// The privileges on queens' views, in an order in which they can be
/// given again (each grantor holding its grant option before it grants);
/// refuses, naming it, a grant this session cannot make again as its
/// grantor.
pub(super) fn read(tx: &mut Transaction, schema: &str) -> Result<Vec<Privilege>> {
    let views: Vec<String> = schema::view_names().map(str::to_string).collect();
    let privileges: Vec<Privilege> = tx
        .query(
            &statement("postgres/view_acls.sql", Scope::default())?,
            &[&schema, &views],
        )?
        .iter()
        .map(|row| Privilege {
            view: row.get("view"),
            column: row.get("column_name"),
            revoke: row.get::<_, &str>("kind") == "revoke",
            owner_sql: row.get("owner_sql"),
            grantor: row.get("grantor"),
            grantor_sql: row.get("grantor_sql"),
            grantee: row.get("grantee"),
            grantee_sql: row.get("grantee_sql"),
            privilege: row.get("privilege"),
            grantable: row.get("grantable"),
            may_act: row.get("may_act"),
        })
        .collect();
    if let Some(p) = privileges.iter().find(|p| !p.may_act && !p.by_owner()) {
        return Err(usage(format!(
            "schema {schema}: role {} granted {} {} on queens' view {}{}, which a rebuild must \
             grant again as {0}, and this session may not act as {0}; nothing was changed \
             (rebuild as a superuser or a member of {0}, or use another --schema)",
            p.grantor,
            p.grantee,
            p.privilege.to_lowercase(),
            p.view,
            p.column
                .as_ref()
                .map(|c| format!(" (column {c})"))
                .unwrap_or_default()
        )));
    }
    in_granting_order(schema, privileges)
}

impl Privilege {
    fn by_owner(&self) -> bool {
        self.revoke || self.grantor_sql == self.owner_sql
    }

    /// The statements that give it back on the new view in `schema` (as
    /// its grantor: the session takes the grantor's role where that is not
    /// the owner).
    fn give_back(&self, schema: &str) -> Result<String> {
        let scope = Scope::default()
            .with("AS_GRANTOR", i64::from(!self.by_owner()))
            .with("REVOKE", i64::from(self.revoke))
            .with("GRANTABLE", i64::from(self.grantable))
            .with("ON_COLUMN", i64::from(self.column.is_some()))
            .with_word("GRANTOR", &self.grantor_sql)
            .with_word("OWNER", &self.owner_sql)
            .with_word("GRANTEE", &self.grantee_sql)
            .with_word("PRIVILEGE", &self.privilege)
            .with_word(
                "COLUMN",
                &self
                    .column
                    .as_deref()
                    .map(quoted_identifier)
                    .unwrap_or_default(),
            )
            .with_word("SCHEMA", schema)
            .with_word("VIEW", &quoted_identifier(&self.view));
        script("postgres/give_back_privilege.sql", scope)
    }

    /// How messages name it: "SELECT on queens' view solution (column s1)".
    fn shown(&self) -> String {
        let column = (self.column.as_ref())
            .map(|c| format!(" (column {c})"))
            .unwrap_or_default();
        format!("{} on queens' view {}{column}", self.privilege, self.view)
    }
}

/// Whom a grant option is held by: the view, the column (None: the whole
/// view), the role and the privilege.
type Held = (String, Option<String>, String, String);

/// The privileges reordered, keeping their order where it allows, so that
/// every grantor other than the owner holds the grant option (on the view,
/// or on the column) before it grants. A grant no order allows (its
/// grantor's option is gone) is refused.
fn in_granting_order(schema: &str, mut pending: Vec<Privilege>) -> Result<Vec<Privilege>> {
    let mut held: HashSet<Held> = HashSet::new();
    let mut ordered = Vec::with_capacity(pending.len());
    while !pending.is_empty() {
        let ready = pending.iter().position(|p| {
            let on = |column: Option<String>| {
                (
                    p.view.clone(),
                    column,
                    p.grantor.clone(),
                    p.privilege.clone(),
                )
            };
            p.by_owner()
                || held.contains(&on(None))
                || (p.column.is_some() && held.contains(&on(p.column.clone())))
        });
        let Some(index) = ready else {
            let p = &pending[0];
            return Err(usage(format!(
                "schema {schema}: role {} granted {} {} on queens' view {} without holding the \
                 grant option now, so a rebuild could not grant it again; nothing was changed \
                 (revoke it first, or use another --schema)",
                p.grantor,
                p.grantee,
                p.privilege.to_lowercase(),
                p.view
            )));
        };
        let p = pending.remove(index);
        if p.grantable && !p.revoke {
            held.insert((
                p.view.clone(),
                p.column.clone(),
                p.grantee.clone(),
                p.privilege.clone(),
            ));
        }
        ordered.push(p);
    }
    Ok(ordered)
}

/// Gives the privileges back to the views the rebuild made (after their
/// owners are given back). A privilege on a column the new board's view
/// lacks cannot be kept, so the rebuild is refused, naming it.
pub(super) fn restore(tx: &mut Transaction, schema: &str, privileges: &[Privilege]) -> Result<()> {
    for p in privileges {
        if let Some(column) = &p.column {
            let columns: Vec<String> = tx
                .query(
                    &statement("postgres/table_columns.sql", Scope::default())?,
                    &[&schema, &p.view],
                )?
                .iter()
                .map(|row| row.get(0))
                .collect();
            if !columns.contains(column) {
                return Err(usage(format!(
                    "schema {schema} has your grant on column {column} of queens' view {}, which \
                     the new board's view does not have: the rebuild would lose it; nothing was \
                     changed (revoke it first, or use another --schema)",
                    p.view
                )));
            }
        }
        tx.batch_execute(&p.give_back(schema)?)
            .with_context(|| format!("could not give back role {}'s {}", p.grantor, p.shown()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(grantor: &str, grantee: &str, grantable: bool) -> Privilege {
        Privilege {
            view: "solution".into(),
            column: None,
            revoke: false,
            owner_sql: "alice".into(),
            grantor: grantor.into(),
            grantor_sql: grantor.into(),
            grantee: grantee.into(),
            grantee_sql: grantee.into(),
            privilege: "SELECT".into(),
            grantable,
            may_act: true,
        }
    }

    #[test]
    fn a_grantor_gets_its_grant_option_before_it_grants() {
        let order = in_granting_order(
            "s",
            vec![
                grant("carol", "dave", false),
                grant("bob", "carol", true),
                grant("alice", "bob", true),
            ],
        )
        .unwrap();
        let grantees: Vec<&str> = order.iter().map(|p| p.grantee.as_str()).collect();
        assert_eq!(grantees, ["bob", "carol", "dave"]);
        let kept = in_granting_order("s", vec![grant("alice", "bob", true)]).unwrap();
        assert_eq!(
            statements(&kept[0]),
            ["grant SELECT on s.\"solution\" to bob with grant option;"]
        );
    }

    /// The lines of a privilege's give-back script but its comments.
    fn statements(privilege: &Privilege) -> Vec<String> {
        let script = privilege.give_back("s").unwrap();
        (script.lines())
            .filter(|line| !line.starts_with("--") && !line.trim().is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_privilege_is_given_back_by_its_grantor_on_its_column() {
        assert_eq!(
            statements(&grant("carol", "dave", false)),
            [
                "set role carol;",
                "grant SELECT on s.\"solution\" to dave;",
                "reset role;"
            ]
        );
        let revoked = Privilege {
            revoke: true,
            column: Some("s1".into()),
            ..grant("alice", "alice", false)
        };
        assert_eq!(
            statements(&revoked),
            ["revoke SELECT (\"s1\") on s.\"solution\" from alice;"]
        );
    }

    #[test]
    fn a_grant_whose_grantor_holds_no_option_is_refused() {
        let refused = in_granting_order("s", vec![grant("bob", "carol", false)]);
        assert!(
            refused
                .unwrap_err()
                .to_string()
                .contains("role bob granted carol")
        );
    }
}
