//! Screenshots: the framebuffer as a 128x128 PNG in PICO-8's palette, written atomically.

use std::path::Path;

use crate::gfx::Canvas;
use crate::memory::Memory;

/// Why a screenshot could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write screenshot {path}: {reason}")]
pub struct ScreenshotError {
    /// The file.
    pub path: String,
    /// The underlying failure.
    pub reason: String,
}

/// Encodes the displayed screen as PNG bytes.
pub fn png_bytes(mem: &Memory) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 128, 128);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header()?;
        w.write_image_data(&Canvas::rgb(mem))?;
    }
    Ok(out)
}

/// Writes the displayed screen to `path` (temp file + rename, so readers never see half a PNG).
pub fn write_png(mem: &Memory, path: &Path) -> Result<(), ScreenshotError> {
    let err = |reason: String| ScreenshotError {
        path: path.display().to_string(),
        reason,
    };
    let bytes = png_bytes(mem).map_err(|e| err(e.to_string()))?;
    let tmp = path.with_extension("png.tmp");
    std::fs::write(&tmp, bytes).map_err(|e| err(e.to_string()))?;
    std::fs::rename(&tmp, path).map_err(|e| err(e.to_string()))
}
