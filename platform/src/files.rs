//! Saving files so a crash, a full disk or a power cut never leaves a half-written one:
//! write a temporary file beside the target, flush it to disk, then rename it over the
//! target (atomic on POSIX filesystems).

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically. On any error the previous file, if any, is intact
/// and the temporary file is removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, bytes, |tmp| std::fs::File::create(tmp))
}

/// A file being written: bytes in, then flushed to the disk.
trait DurableWrite: Write {
    fn sync(&mut self) -> std::io::Result<()>;
}

impl DurableWrite for std::fs::File {
    fn sync(&mut self) -> std::io::Result<()> {
        self.sync_all()
    }
}

/// [`write_atomically`] with the temporary file opened by `create` (tests inject a disk
/// that fills up or fails to flush).
fn write_atomically_with<F: DurableWrite>(
    path: &Path,
    bytes: &[u8],
    create: impl FnOnce(&Path) -> std::io::Result<F>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "no file name"))?;
    let tmp = dir.join(format!(".{}.tmp{}", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut f = create(&tmp)?;
        f.write_all(bytes)?;
        f.sync()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        // Make the rename itself durable.
        if let Ok(d) = std::fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The per-user settings directory (`$XDG_CONFIG_HOME/skidpad`, else
/// `~/.config/skidpad`), or `None` when neither variable is set.
pub fn config_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })?;
    Some(base.join("skidpad"))
}

/// The per-user data directory, where records and ghosts live (`$XDG_DATA_HOME/skidpad`,
/// else `~/.local/share/skidpad`), or `None` when neither variable is set.
pub fn data_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(base.join("skidpad"))
}

/// The per-user cache directory, for what can be rebuilt but is slow to (`$XDG_CACHE_HOME/skidpad`,
/// else `~/.cache/skidpad`), or `None` when neither variable is set.
pub fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })?;
    Some(base.join("skidpad"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("skidpad-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.bin");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A disk that takes `room` bytes, then answers ENOSPC; or that fails to flush.
    struct FaultyDisk {
        file: std::fs::File,
        room: usize,
        sync_fails: bool,
    }

    impl Write for FaultyDisk {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.room == 0 {
                return Err(std::io::Error::from_raw_os_error(28)); // ENOSPC
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            self.file.write(&buf[..n])
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.file.flush()
        }
    }

    impl DurableWrite for FaultyDisk {
        fn sync(&mut self) -> std::io::Result<()> {
            if self.sync_fails {
                return Err(std::io::Error::from_raw_os_error(5)); // EIO
            }
            self.file.sync_all()
        }
    }

    #[test]
    fn a_full_disk_or_a_failed_flush_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("skidpad-atomic-full-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.toml");
        write_atomically(&path, b"saved before").unwrap();
        for (room, sync_fails, errno) in [(0, false, 28), (5, false, 28), (usize::MAX, true, 5)] {
            let e = write_atomically_with(&path, b"a longer new content", |tmp| {
                Ok(FaultyDisk {
                    file: std::fs::File::create(tmp)?,
                    room,
                    sync_fails,
                })
            })
            .unwrap_err();
            assert_eq!(e.raw_os_error(), Some(errno), "{e}");
            assert_eq!(std::fs::read(&path).unwrap(), b"saved before", "room {room}");
            let names: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(names, ["settings.toml"], "a temporary file was left behind");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("skidpad-atomic-ro-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.bin");
        write_atomically(&path, b"kept").unwrap();
        // A target in a directory that does not exist cannot be written.
        assert!(write_atomically(&dir.join("missing/b.bin"), b"x").is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"kept");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
