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

/// Opens `path` to read, if it is a regular file: a FIFO with no writer, a
/// device or a socket in its place is refused without waiting on it (the
/// file is opened without blocking, then asked what it is, so a swap
/// between the two steps changes nothing), with an error of kind
/// `InvalidInput` that says what it is.
pub fn open_regular(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let kind = file.metadata()?.file_type();
    let what = if kind.is_file() {
        return Ok(file);
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO (a named pipe)"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "no regular file"
    };
    Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, what))
}
