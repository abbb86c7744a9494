//! Counted nouns, as every message says them.

/// `count` and `noun`, plural unless it is one: "1 worker", "2 workers".
pub fn counted(count: impl Into<i128> + Copy, noun: &str) -> String {
    format!("{} {}", count.into(), plural(count, noun))
}

/// `noun`, plural unless `count` is one: "square", "squares".
pub fn plural(count: impl Into<i128>, noun: &str) -> String {
    if count.into() == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u64, "solution"), "1 solution");
        assert_eq!(counted(0u64, "solution"), "0 solutions");
        assert_eq!(counted(92u64, "solution"), "92 solutions");
        assert_eq!(plural(-1i64, "worker"), "workers");
    }
}
