//! Screenshots: the framebuffer as a 128x128 PNG in PICO-8's palette, written by
//! [`tafl8_outfile::write`] (atomically, through links, into devices and FIFOs, never over a
//! read-only file).

use std::path::Path;

use crate::gfx::Canvas;
use crate::memory::Memory;

/// Why a screenshot could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ScreenshotError {
    /// The PNG encoder failed.
    #[error("cannot encode screenshot {path}: {reason}")]
    Encode {
        /// The file.
        path: String,
        /// The encoder's message.
        reason: String,
    },
    /// The file could not be written (the error names it).
    #[error("screenshot: {0}")]
    Write(#[from] tafl8_outfile::WriteError),
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

/// Writes the displayed screen to `path` as a PNG.
pub fn write_png(mem: &Memory, path: &Path) -> Result<(), ScreenshotError> {
    let bytes = png_bytes(mem).map_err(|e| ScreenshotError::Encode {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    Ok(tafl8_outfile::write(path, &bytes)?)
}
