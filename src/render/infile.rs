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

/// The text of the regular file `path`, if it is at most `most` bytes of
/// UTF-8; else why not, in words that follow its name ("there is no such
/// file", "it is a device, not a file", "it is larger than 1 MiB").
pub fn read_text_at_most(path: &std::path::Path, most: u64) -> Result<String, String> {
    use std::io::ErrorKind;
    let file = open_regular(path).map_err(|e| match e.kind() {
        ErrorKind::NotFound => "there is no such file".to_string(),
        ErrorKind::PermissionDenied => "no permission to read it".to_string(),
        ErrorKind::InvalidInput => format!("it is {e}, not a file"),
        _ => "it cannot be opened".to_string(),
    })?;
    let bytes = read_at_most(file, most)
        .map_err(|e| match e.kind() {
            ErrorKind::IsADirectory => "it is a directory".to_string(),
            _ => "it cannot be read".to_string(),
        })?
        .ok_or_else(|| format!("it is larger than {}", bytes_said(most)))?;
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())
}

/// A bound in bytes as people read it: "1 MiB", "64 KiB", "100 bytes".
fn bytes_said(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// The bytes of the file `path` names, if that name is itself a regular
/// file (not a link to one, a device or a FIFO) of at most `most` bytes: a
/// file is recognised by them without following a link or waiting on a
/// device.
pub fn regular_file_at_most(path: &std::path::Path, most: u64) -> Option<Vec<u8>> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(path)
        .ok()?;
    if !file.metadata().ok()?.file_type().is_file() {
        return None;
    }
    read_at_most(file, most).ok().flatten()
}
