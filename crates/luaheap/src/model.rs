//! What a Lua 5.2 block allocated by a 64-bit build costs in PICO-8's heap.
//!
//! PICO-8 runs Lua 5.2 with 16.16 fixed-point numbers, and counts its Lua memory as a 32-bit build
//! lays the objects out: pointers and numbers are 4 bytes, a `TValue` (value + type tag) is 8. The
//! evidence is a set of published measurements of real PICO-8 (the `akd-io/pico8` demos
//! `stack-size.p8`, `stack-size-unpack.p8`, `mem-exp-test.p8`, `mem-string-test.p8`): 65,536 hash
//! entries cost 1,280 KiB (20 bytes a node, a 64-bit build needs 40), each nested call 48 bytes (a
//! 40-byte `CallInfo` plus one 8-byte stack slot, 96 on 64 bits), and a string one byte per character.
//!
//! The runner's Lua is the same Lua 5.2 built for 64 bits, so each block it allocates is mapped to
//! the 32-bit size of the same structure (Lua 5.2.4's `lobject.h`/`lstate.h`, i386 layout):
//!
//! | block (64-bit bytes) | 32-bit bytes |
//! |---|---|
//! | string: `TString` 24 + length + 1 | 16 + length + 1 |
//! | table header 56 | 32 |
//! | Lua closure 32 + 8 per upvalue, C closure 32 + 16 per upvalue | half |
//! | upvalue 40 | 20 |
//! | function prototype 128 | 80 |
//! | coroutine (`lua_State`) 208 | 112 |
//! | userdata: header 40 + payload | header 20 + payload |
//! | any other block: table array and hash parts, stacks, call frames, string table, constants | half |
//!
//! The last row is exact for every runtime structure (arrays of `TValue`, `Node`, pointers, and
//! `CallInfo`, which all halve) and approximate only for compile-time arrays that hold 4-byte
//! instructions and line numbers (counted at half their size) and character buffers.

/// Lua 5.2's type tags, as `luaC_newobj` passes them to the allocator (in `osize`, with a null
/// block) when it creates an object of that type.
mod tag {
    pub const STRING: usize = 4;
    pub const TABLE: usize = 5;
    pub const FUNCTION: usize = 6;
    pub const USERDATA: usize = 7;
    pub const THREAD: usize = 8;
    pub const PROTO: usize = 9;
    pub const UPVAL: usize = 10;
}

/// The 32-bit size of a block Lua creates: `tag` is the allocator's `osize` for a new block (an
/// object's type tag, or 0 for any other block), `size` its 64-bit size.
pub fn new_block(tag: usize, size: usize) -> usize {
    match tag {
        tag::STRING => size.saturating_sub(8),
        tag::TABLE => scaled(size, 56, 32),
        tag::FUNCTION => size / 2,
        tag::USERDATA => size.saturating_sub(20),
        tag::THREAD => scaled(size, 208, 112),
        tag::PROTO => scaled(size, 128, 80),
        tag::UPVAL => size / 2,
        _ => vector(size),
    }
}

/// The 32-bit size of a block that is not an object header (Lua grows and shrinks only these).
pub fn vector(size: usize) -> usize {
    size / 2
}

/// The 32-bit size most blocks of `size` real bytes have: a table header's for 56, else half
/// (closures, upvalues, arrays, call frames). The allocator only remembers blocks that differ.
pub fn usual(size: usize) -> usize {
    if size == 56 {
        32
    } else {
        size / 2
    }
}

/// `size` bytes of a structure that takes `from` bytes on 64 bits and `to` on 32.
fn scaled(size: usize, from: usize, to: usize) -> usize {
    if size == from {
        to
    } else {
        size * to / from
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Sizes worked out by hand from Lua 5.2.4's structures at 4-byte pointers and numbers.
    #[test]
    fn objects_take_their_32_bit_size() {
        // "abc": a 16-byte header, 3 characters and the terminating zero.
        assert_eq!(new_block(tag::STRING, 24 + 4), 16 + 4);
        assert_eq!(new_block(tag::TABLE, 56), 32);
        // A Lua closure with 2 upvalues: 16 + 4 * 2.
        assert_eq!(new_block(tag::FUNCTION, 32 + 8 * 2), 24);
        assert_eq!(new_block(tag::UPVAL, 40), 20);
        assert_eq!(new_block(tag::PROTO, 128), 80);
        assert_eq!(new_block(tag::THREAD, 208), 112);
        // 4 hash nodes: 4 * 20.
        assert_eq!(new_block(0, 4 * 40), 80);
        assert_eq!(vector(8 * 16), 64);
    }
}
