//! Lua memory counted as PICO-8 counts it, for a Lua 5.2 state run by mlua.
//!
//! [`Pico8Heap::install`] replaces the state's allocator by one that allocates exactly as mlua's
//! does (so blocks from either can be freed by the other) and also counts every block at its size
//! in PICO-8's 32-bit heap ([`model`]). The counts live in a [`Meter`], shared with whoever
//! reports them (`stat(0)`, run reports). With a limit set, a block may not grow while the counted
//! memory is already past the limit: Lua 5.2 then collects all garbage and retries once
//! (`luaM_realloc_`), and raises its memory error only when the live data alone is past it — so,
//! as on PICO-8, only live memory can exhaust the limit, however the collector is paced. One
//! allocation may take the count past the limit (a table's new hash part is allocated before the
//! old one is freed); the next one then fails. That is what published measurements of PICO-8 show:
//! a table of 65,537 keys whose rehash needs 2.5 MiB for a moment still fits, 65,538 do not.

pub mod model;

use std::alloc::{self, Layout};
use std::cell::{Cell, UnsafeCell};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::os::raw::c_void;
use std::ptr;
use std::rc::Rc;

use mlua::{ffi, Lua, WeakLua};

/// Why the last allocation failed for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The counted (PICO-8) memory would pass the limit set with [`Meter::set_limit`].
    Pico8Limit,
    /// The runner's own safety limit on real bytes ([`Meter::set_real_limit`]).
    RealLimit,
}

/// The memory counts of one Lua state: PICO-8 bytes (see [`model`]) and real bytes.
#[derive(Debug, Default)]
pub struct Meter {
    used: Cell<usize>,
    real: Cell<usize>,
    start: Cell<Option<usize>>,
    baseline: Cell<usize>,
    limit: Cell<Option<usize>>,
    real_limit: Cell<Option<usize>>,
    refused: Cell<Option<(usize, usize, usize)>>,
    exhausted: Cell<Option<Exhausted>>,
}

impl Meter {
    /// PICO-8 bytes of every block allocated since the heap was installed (garbage included).
    pub fn used(&self) -> usize {
        self.used.get()
    }

    /// Real bytes allocated since the heap was installed.
    pub fn real(&self) -> usize {
        self.real.get()
    }

    /// Starts charging the cart: from now on [`Meter::charged`] counts the bytes allocated since
    /// this call plus `baseline` (what PICO-8's own state holds before a cart's code is loaded).
    pub fn start(&self, baseline: usize) {
        self.start.set(Some(self.used.get()));
        self.baseline.set(baseline);
    }

    /// The cart's memory as PICO-8 counts it (0 before [`Meter::start`]); garbage is included
    /// until it is collected.
    pub fn charged(&self) -> usize {
        match self.start.get() {
            Some(s) => (self.used.get() + self.baseline.get()).saturating_sub(s),
            None => 0,
        }
    }

    /// The limit on [`Meter::charged`] (PICO-8: 2 MiB): no block may grow while the count is past
    /// it; `None` for none.
    pub fn set_limit(&self, limit: Option<usize>) {
        self.limit.set(limit);
    }

    /// The limit on real bytes; `None` for none.
    pub fn set_real_limit(&self, limit: Option<usize>) {
        self.real_limit.set(limit);
    }

    /// The limit on [`Meter::charged`].
    pub fn limit(&self) -> Option<usize> {
        self.limit.get()
    }

    /// Set when Lua is about to raise its memory error (an allocation was refused again after
    /// the emergency collection); cleared by [`Meter::clear_exhausted`].
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.exhausted.get()
    }

    /// Whether a block of `bytes` PICO-8 bytes that the runner keeps outside the Lua heap for a
    /// moment (where PICO-8 would allocate it in the heap, like the buffer of a concatenation)
    /// could be allocated and still leave room: false when the count would pass the limit.
    pub fn fits_transient(&self, bytes: usize) -> bool {
        !(self.start.get().is_some()
            && self.limit.get().is_some_and(|l| self.charged() + bytes > l))
    }

    /// Marks the heap exhausted by the PICO-8 limit (for a refusal decided by
    /// [`Meter::fits_transient`]).
    pub fn mark_exhausted(&self) {
        self.exhausted.set(Some(Exhausted::Pico8Limit));
    }

    /// Forgets an earlier exhaustion.
    pub fn clear_exhausted(&self) {
        self.exhausted.set(None);
    }

    /// Whether a block may change from `(old, old_real)` to `(new, new_real)` bytes; records it
    /// if so. `request` identifies the call, so that the same request refused twice in a row
    /// (Lua's retry after its emergency collection) marks the heap exhausted.
    fn admit(
        &self,
        request: (usize, usize, usize),
        (old, new): (usize, usize),
        (old_real, new_real): (usize, usize),
    ) -> bool {
        let over_pico8 = new > old
            && self.start.get().is_some()
            && self.limit.get().is_some_and(|l| self.charged() > l);
        let over_real = new_real > old_real
            && self
                .real_limit
                .get()
                .is_some_and(|l| self.real.get() + (new_real - old_real) > l);
        if over_pico8 || over_real {
            if self.refused.get() == Some(request) {
                self.exhausted.set(Some(if over_pico8 {
                    Exhausted::Pico8Limit
                } else {
                    Exhausted::RealLimit
                }));
            }
            self.refused.set(Some(request));
            return false;
        }
        self.refused.set(None);
        self.used.set((self.used.get() + new).saturating_sub(old));
        self.real
            .set((self.real.get() + new_real).saturating_sub(old_real));
        true
    }

    fn release(&self, size: usize, real: usize) {
        self.used.set(self.used.get().saturating_sub(size));
        self.real.set(self.real.get().saturating_sub(real));
    }
}

/// A hasher for block addresses: they are unique and 16-byte aligned, so one multiply spreads them.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = ((n >> 4) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// What the allocator reaches through its `ud` pointer.
struct Inner {
    meter: Rc<Meter>,
    /// PICO-8 bytes of the blocks whose size is not [`model::usual`] of their real size (strings,
    /// prototypes, ...): the common blocks (tables, closures, arrays) need no entry, which keeps
    /// the allocator fast. A block allocated before the allocator was installed counts its usual
    /// size when it is freed (a few bytes of mlua's own set-up, before any cart is charged).
    sizes: UnsafeCell<HashMap<usize, usize, BuildHasherDefault<AddressHasher>>>,
}

/// The installed allocator: keeps its state alive, and gives the state back mlua's allocator when
/// dropped (so the state may outlive it).
pub struct Pico8Heap {
    inner: Box<Inner>,
    lua: WeakLua,
    previous: (ffi::lua_Alloc, usize),
}

impl std::fmt::Debug for Pico8Heap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pico8Heap")
            .field("meter", &self.inner.meter)
            .finish_non_exhaustive()
    }
}

impl Pico8Heap {
    /// Installs the counting allocator into `lua`. It starts with no limits.
    pub fn install(lua: &Lua) -> mlua::Result<Pico8Heap> {
        // A memory limit makes mlua run its own API calls in protected mode, so that a refused
        // allocation inside them is a Lua error rather than an abort. mlua stops enforcing it
        // once its allocator is replaced; the limits are the meter's from then on.
        lua.set_memory_limit(isize::MAX as usize)?;
        let inner = Box::new(Inner {
            meter: Rc::new(Meter::default()),
            sizes: UnsafeCell::new(HashMap::default()),
        });
        let ud = ptr::from_ref::<Inner>(&*inner).cast_mut().cast::<c_void>();
        let previous = Cell::new(None);
        // SAFETY: `exec_raw` gives the closure the state's pointer while the state is locked;
        // `lua_getallocf`/`lua_setallocf` only read and write the global allocator fields. `ud`
        // points into a box that `Pico8Heap` owns and that stays at the same address until `Drop`
        // restores the previous allocator.
        #[allow(unsafe_code)]
        unsafe {
            lua.exec_raw::<()>((), |state| {
                let mut old_ud = ptr::null_mut();
                let old = ffi::lua_getallocf(state, &mut old_ud);
                previous.set(Some((old, old_ud as usize)));
                ffi::lua_setallocf(state, allocate, ud);
            })?;
        }
        let previous = previous
            .get()
            .ok_or_else(|| mlua::Error::runtime("the allocator was not installed"))?;
        Ok(Pico8Heap {
            inner,
            lua: lua.weak(),
            previous,
        })
    }

    /// The counts, to share with whoever reports them.
    pub fn meter(&self) -> &Rc<Meter> {
        &self.inner.meter
    }
}

impl Drop for Pico8Heap {
    fn drop(&mut self) {
        let Some(lua) = self.lua.try_upgrade() else {
            // The state is already closed: it freed every block through this allocator.
            return;
        };
        let (alloc, ud) = self.previous;
        // SAFETY: as in `install`; mlua's allocator frees blocks of either allocator because both
        // use the global allocator with the same layout (size, `SYS_MIN_ALIGN`).
        #[allow(unsafe_code)]
        unsafe {
            let _ = lua.exec_raw::<()>((), |state| {
                ffi::lua_setallocf(state, alloc, ud as *mut c_void);
            });
        }
    }
}

/// The allocator: mlua's (global allocator, `SYS_MIN_ALIGN`), plus the counts and limits.
#[allow(unsafe_code)]
unsafe extern "C" fn allocate(
    ud: *mut c_void,
    block: *mut c_void,
    osize: usize,
    nsize: usize,
) -> *mut c_void {
    // SAFETY: `ud` is the `Inner` that `install` registered and `Pico8Heap` keeps alive while it
    // is registered.
    let inner = unsafe { &*(ud as *const Inner) };
    // SAFETY: Lua calls the allocator from one thread and never re-entrantly, and nothing else
    // touches `sizes`, so this is its only live reference.
    let sizes = unsafe { &mut *inner.sizes.get() };
    let meter = &inner.meter;
    let key = block as usize;
    if nsize == 0 {
        if !block.is_null() {
            meter.release(
                sizes.remove(&key).unwrap_or_else(|| model::usual(osize)),
                osize,
            );
            // SAFETY: Lua passes the block's size as `osize`; every block (ours and mlua's) was
            // allocated with this layout.
            unsafe {
                alloc::dealloc(
                    block.cast(),
                    Layout::from_size_align_unchecked(osize, ffi::SYS_MIN_ALIGN),
                );
            }
        }
        return ptr::null_mut();
    }
    let Ok(layout) = Layout::from_size_align(nsize, ffi::SYS_MIN_ALIGN) else {
        return ptr::null_mut();
    };
    let (old, old_real) = if block.is_null() {
        (0, 0)
    } else {
        (
            sizes
                .get(&key)
                .copied()
                .unwrap_or_else(|| model::usual(osize)),
            osize,
        )
    };
    let new = if block.is_null() {
        model::new_block(osize, nsize)
    } else {
        model::vector(nsize)
    };
    if !meter.admit((key, osize, nsize), (old, new), (old_real, nsize)) {
        return ptr::null_mut();
    }
    let fresh = if block.is_null() {
        // SAFETY: `layout` has a non-zero size.
        unsafe { alloc::alloc(layout) }
    } else {
        // SAFETY: `block` was allocated with size `osize` and this alignment (see `dealloc`).
        unsafe {
            alloc::realloc(
                block.cast(),
                Layout::from_size_align_unchecked(osize, ffi::SYS_MIN_ALIGN),
                nsize,
            )
        }
    };
    if fresh.is_null() {
        alloc::handle_alloc_error(layout);
    }
    if !block.is_null() {
        sizes.remove(&key);
    }
    if new != model::usual(nsize) {
        sizes.insert(fresh as usize, new);
    }
    fresh.cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heap() -> (Lua, Pico8Heap) {
        let lua = Lua::new();
        let heap = Pico8Heap::install(&lua).expect("install");
        (lua, heap)
    }

    /// PICO-8 bytes a chunk keeps alive once it has run, after a full collection.
    fn cost(lua: &Lua, heap: &Pico8Heap, keep: &str) -> usize {
        lua.load("keep = false").exec().unwrap();
        lua.gc_collect().unwrap();
        lua.gc_collect().unwrap();
        let f = lua.load(keep).into_function().unwrap();
        lua.gc_collect().unwrap();
        let before = heap.meter().used();
        f.call::<()>(()).unwrap();
        lua.gc_collect().unwrap();
        heap.meter().used() - before
    }

    // Expected costs worked out by hand from Lua 5.2.4's structures at 4-byte pointers and numbers
    // (see `model`): each is what the kept object adds to the heap.
    #[test]
    fn objects_cost_their_32_bit_size() {
        let (lua, heap) = heap();
        // An empty table: the 32-byte header (the hash part is a shared dummy node).
        assert_eq!(cost(&lua, &heap, "keep = {}"), 32);
        // An array of 4: header + 4 slots of 8.
        assert_eq!(cost(&lua, &heap, "keep = {1, 2, 3, 4}"), 32 + 4 * 8);
        // Two hash entries: header + 2 nodes of 20.
        assert_eq!(cost(&lua, &heap, "keep = {x = 1, y = 2}"), 32 + 2 * 20);
        // A new 10-character string: 16 + 10 + 1.
        assert_eq!(cost(&lua, &heap, "keep = ('abcde'):rep(2)"), 16 + 10 + 1);
        // A closure with one upvalue, closed: 16 + 4 for the closure, 20 for the upvalue.
        assert_eq!(
            cost(
                &lua,
                &heap,
                "local n = 0 keep = function() n = n + 1 return n end"
            ),
            20 + 20
        );
    }

    #[test]
    fn the_limit_refuses_past_it_and_marks_the_heap_exhausted() {
        let (lua, heap) = heap();
        let meter = heap.meter();
        meter.start(0);
        meter.set_limit(Some(64 * 1024));
        // Garbage alone never exhausts it: Lua collects and retries.
        lua.load("for i = 1, 2000 do local t = {1, 2, 3, 4, 5, 6, 7, 8} end")
            .exec()
            .expect("garbage is collected");
        assert_eq!(meter.exhausted(), None);
        let err = lua
            .load("keep = {} for i = 1, 100000 do keep[i] = {i} end")
            .exec()
            .expect_err("live data past the limit");
        assert!(matches!(err, mlua::Error::MemoryError(_)), "{err}");
        assert_eq!(meter.exhausted(), Some(Exhausted::Pico8Limit));
        // Past the limit by at most the one allocation that crossed it (the array part's last
        // doubling, 32768 slots of 8 bytes, or a small table).
        assert!(
            meter.charged() <= 64 * 1024 + 32768 * 8,
            "{}",
            meter.charged()
        );
    }

    #[test]
    fn the_state_outlives_the_heap() {
        let lua = Lua::new();
        let heap = Pico8Heap::install(&lua).unwrap();
        lua.load("keep = {} for i = 1, 1000 do keep[i] = tostring(i) end")
            .exec()
            .unwrap();
        drop(heap);
        // mlua's allocator takes over and frees the blocks made under the counting one.
        lua.load("keep = nil collectgarbage()").exec().unwrap();
        lua.load("keep = {1, 2, 3}").exec().unwrap();
    }
}
