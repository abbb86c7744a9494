//! Files the user hands queens to read (a statement, exercises, a package
//! npm installed), read within a bound: the counterpart of `outfile`.

/// The bytes of `source` if they are at most `most`, else None: a device
/// or a huge file in place of a statement or a package file is never read
/// to its end.
pub fn read_at_most(source: impl std::io::Read, most: u64) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    source.take(most + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= most).then_some(bytes))
}
