//! Reading shrinko8's output, for the suites that compare counts with it.

/// The count `what` (`tokens`, `chars` or `compressed`) from the output of `shrinko8 FILE --count
/// --parsable-count`, whose lines read `count:None:<what>:<count>:<limit>`; `None` when the
/// output has no such line (shrinko8 failed, or the flags were different).
pub fn parsable_count(stdout: &str, what: &str) -> Option<usize> {
    let prefix = format!("count:None:{what}:");
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|rest| rest.split(':').next()?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What shrinko8 v1.2.7e printed for `carts/brandubh.p8` with `--count --parsable-count`.
    const SAMPLE: &str = "count:None:tokens:4048:8192\n\
                          count:None:chars:17927:65535\n\
                          count:None:compressed:6164:15616\n";

    #[test]
    fn reads_each_count_not_its_limit() {
        assert_eq!(parsable_count(SAMPLE, "tokens"), Some(4048));
        assert_eq!(parsable_count(SAMPLE, "chars"), Some(17927));
        assert_eq!(parsable_count(SAMPLE, "compressed"), Some(6164));
    }

    #[test]
    fn a_missing_or_malformed_count_is_none() {
        assert_eq!(parsable_count(SAMPLE, "token"), None);
        assert_eq!(parsable_count("Compilation errors", "tokens"), None);
        assert_eq!(
            parsable_count("count:None:tokens:many:8192", "tokens"),
            None
        );
    }
}
