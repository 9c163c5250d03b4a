//! Graphics API: `cls pset pget line rect rectfill circ circfill oval ovalfill spr sspr map print
//! cursor color pal palt camera clip fillp`, drawing into RAM through [`Canvas`].

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{Lua, Table, Value, Variadic};

use super::costs;
use super::text::display_bytes;
use crate::clock::Clock;
use crate::gfx::Canvas;
use crate::lua::convert::{lenient, push};
use crate::machine::Machine;
use crate::memory::{CAMERA, CLIP, CURSOR, DRAW_PAL, FILLP, SCREEN_PAL};
use crate::num::Fix;

type Shared = Rc<RefCell<Machine>>;

/// Integer argument `i` (floored), or `d` when absent.
fn arg(args: &[Value], i: usize, d: i32) -> i32 {
    match args.get(i) {
        None | Some(Value::Nil) => d,
        Some(v) => lenient(v).to_int(),
    }
}

/// Optional colour argument `i`.
fn colour(args: &[Value], i: usize) -> Option<i32> {
    match args.get(i) {
        None | Some(Value::Nil) => None,
        Some(v) => Some(lenient(v).to_int() & 0xff),
    }
}

fn truthy(args: &[Value], i: usize) -> bool {
    !matches!(
        args.get(i),
        None | Some(Value::Nil) | Some(Value::Boolean(false))
    )
}

/// Registers a drawing function that gets the canvas and its arguments and returns its result,
/// its charge (see [`costs`]) and any work besides (loop steps that draw nothing, counted
/// against the runaway limit only); both are counted once the machine is released.
fn def_work(
    lua: &Lua,
    env: &Table,
    (machine, clock): (&Shared, &Rc<Clock>),
    name: &str,
    f: impl Fn(&mut Canvas, &[Value]) -> (Value, u64, u64) + 'static,
) -> mlua::Result<()> {
    let (m, clock) = (Rc::clone(machine), Rc::clone(clock));
    env.raw_set(
        name,
        lua.create_function(move |_, args: Variadic<Value>| {
            let (value, charge, work) = {
                let mut machine = m.borrow_mut();
                let mut canvas = Canvas {
                    mem: &mut machine.mem,
                };
                f(&mut canvas, &args)
            };
            clock.charge(charge)?;
            clock.work(work)?;
            Ok(value)
        })?,
    )
}

/// [`def_work`] for a function whose work is its charge.
fn def(
    lua: &Lua,
    env: &Table,
    shared: (&Shared, &Rc<Clock>),
    name: &str,
    f: impl Fn(&mut Canvas, &[Value]) -> (Value, u64) + 'static,
) -> mlua::Result<()> {
    def_work(lua, env, shared, name, move |c, a| {
        let (v, charge) = f(c, a);
        (v, charge, 0)
    })
}

/// No result and no charge.
const NONE: (Value, u64) = (Value::Nil, 0);

fn int(n: i32) -> Value {
    Value::Number(push(Fix::from_int(n)))
}

/// Registers the graphics functions into `env`; `clock` takes their charges.
pub fn register(lua: &Lua, env: &Table, machine: &Shared, clock: &Rc<Clock>) -> mlua::Result<()> {
    let shared = (machine, clock);
    def(lua, env, shared, "cls", |c, a| {
        c.cls(arg(a, 0, 0) as u8);
        (Value::Nil, costs::CLS)
    })?;
    def(lua, env, shared, "pset", |c, a| {
        let col = c.pen(colour(a, 2));
        c.plot(arg(a, 0, 0), arg(a, 1, 0), col);
        (Value::Nil, costs::PIXEL)
    })?;
    def(lua, env, shared, "pget", |c, a| {
        (
            int(i32::from(c.pget(arg(a, 0, 0), arg(a, 1, 0)))),
            costs::PIXEL,
        )
    })?;
    let (m, line_clock) = (Rc::clone(machine), Rc::clone(clock));
    env.raw_set(
        "line",
        lua.create_function(move |_, a: Variadic<Value>| {
            let mut machine = m.borrow_mut();
            // line(x1, y1 [, c]) continues from the previous end point.
            let (from, to, col_at) = if a.len() <= 3 && machine.line_end.is_some() {
                (
                    machine.line_end.unwrap_or((0, 0)),
                    (arg(&a, 0, 0), arg(&a, 1, 0)),
                    2,
                )
            } else {
                (
                    (arg(&a, 0, 0), arg(&a, 1, 0)),
                    (arg(&a, 2, 0), arg(&a, 3, 0)),
                    4,
                )
            };
            machine.line_end = Some(to);
            let mut c = Canvas {
                mem: &mut machine.mem,
            };
            let col = c.pen(colour(&a, col_at));
            let points = c.line(from.0, from.1, to.0, to.1, col);
            drop(machine);
            line_clock.charge(costs::line(points))
        })?,
    )?;
    for (name, fill) in [("rect", false), ("rectfill", true)] {
        def(lua, env, shared, name, move |c, a| {
            let col = c.pen(colour(a, 4));
            let (x0, y0, x1, y1) = (arg(a, 0, 0), arg(a, 1, 0), arg(a, 2, 0), arg(a, 3, 0));
            let charge = if fill {
                costs::rectfill(c.rectfill(x0, y0, x1, y1, col))
            } else {
                c.rect(x0, y0, x1, y1, col);
                costs::rect(x1.abs_diff(x0).into(), y1.abs_diff(y0).into())
            };
            (Value::Nil, charge)
        })?;
    }
    for (name, fill) in [("circ", false), ("circfill", true)] {
        def_work(lua, env, shared, name, move |c, a| {
            let col = c.pen(colour(a, 3));
            let (drawn, steps) = c.circle(arg(a, 0, 0), arg(a, 1, 0), arg(a, 2, 4), col, fill);
            let charge = if fill {
                costs::fill(drawn)
            } else {
                costs::outline(drawn)
            };
            (Value::Nil, charge, steps)
        })?;
    }
    for (name, fill) in [("oval", false), ("ovalfill", true)] {
        def_work(lua, env, shared, name, move |c, a| {
            let col = c.pen(colour(a, 4));
            let (drawn, rows) = c.oval(
                arg(a, 0, 0),
                arg(a, 1, 0),
                arg(a, 2, 0),
                arg(a, 3, 0),
                col,
                fill,
            );
            let charge = if fill {
                costs::fill(drawn)
            } else {
                costs::outline(drawn)
            };
            (Value::Nil, charge, rows)
        })?;
    }
    def(lua, env, shared, "spr", |c, a| {
        let size = |i: usize| match a.get(i) {
            None | Some(Value::Nil) => 1.0,
            Some(v) => lenient(v).to_f64(),
        };
        let n = arg(a, 0, 0);
        // The page: no cost when the sprite number is outside 0..255.
        let pixels = if (0..256).contains(&n) {
            let side = |w: f64| ((w * 8.0) as i32).clamp(0, 1024) as u64;
            side(size(3)) * side(size(4))
        } else {
            0
        };
        c.spr(
            arg(a, 0, 0),
            arg(a, 1, 0),
            arg(a, 2, 0),
            size(3),
            size(4),
            truthy(a, 5),
            truthy(a, 6),
        );
        (Value::Nil, costs::sprite(pixels))
    })?;
    def(lua, env, shared, "sspr", |c, a| {
        let (sw, sh) = (arg(a, 2, 8), arg(a, 3, 8));
        let (dw, dh) = (arg(a, 6, sw), arg(a, 7, sh));
        c.sspr(
            (arg(a, 0, 0), arg(a, 1, 0), sw, sh),
            (arg(a, 4, 0), arg(a, 5, 0), dw, dh),
            truthy(a, 8),
            truthy(a, 9),
        );
        let side = |d: i32| d.clamp(0, 1024) as u64;
        (Value::Nil, costs::sprite(side(dw) * side(dh)))
    })?;
    def_work(lua, env, shared, "map", |c, a| {
        let (cells, looked) = c.map(
            arg(a, 0, 0),
            arg(a, 1, 0),
            arg(a, 2, 0),
            arg(a, 3, 0),
            arg(a, 4, 128),
            arg(a, 5, 64),
            arg(a, 6, 0) as u8,
        );
        (Value::Nil, costs::map(cells), looked)
    })?;
    let (m, print_clock) = (Rc::clone(machine), Rc::clone(clock));
    env.raw_set(
        "print",
        lua.create_function(move |lua, a: Variadic<Value>| {
            let text = match a.first() {
                Some(v) => display_bytes(lua, v)?,
                None => Vec::new(),
            };
            let mut machine = m.borrow_mut();
            let mut c = Canvas {
                mem: &mut machine.mem,
            };
            let (x, y, col) = if a.len() >= 3 {
                (arg(&a, 1, 0), arg(&a, 2, 0), colour(&a, 3))
            } else {
                let (cx, cy) = (c.mem.peek(CURSOR as i32), c.mem.peek(CURSOR as i32 + 1));
                (i32::from(cx), i32::from(cy), colour(&a, 1))
            };
            let col = c.pen(col);
            let (end_x, end_y) = c.text(&text, x, y, col);
            c.mem.poke(CURSOR as i32, x as u8);
            c.mem
                .poke(CURSOR as i32 + 1, (end_y + 6).clamp(0, 255) as u8);
            drop(machine);
            print_clock.charge(costs::print(text.len() as u64))?;
            Ok(int(end_x))
        })?,
    )?;
    def(lua, env, shared, "cursor", |c, a| {
        c.mem.poke(CURSOR as i32, arg(a, 0, 0) as u8);
        c.mem.poke(CURSOR as i32 + 1, arg(a, 1, 0) as u8);
        if let Some(col) = colour(a, 2) {
            c.pen(Some(col));
        }
        NONE
    })?;
    def(lua, env, shared, "color", |c, a| {
        c.pen(Some(arg(a, 0, 6) & 0xff));
        NONE
    })?;
    def(lua, env, shared, "camera", |c, a| {
        c.mem.set_i16_at(CAMERA, arg(a, 0, 0));
        c.mem.set_i16_at(CAMERA + 2, arg(a, 1, 0));
        NONE
    })?;
    def(lua, env, shared, "clip", |c, a| {
        if a.is_empty() {
            c.mem.reset_clip();
        } else {
            let (x, y) = (arg(a, 0, 0), arg(a, 1, 0));
            let (x1, y1) = (x + arg(a, 2, 128), y + arg(a, 3, 128));
            let bytes = [x, y, x1, y1].map(|v| v.clamp(0, 128) as u8);
            c.mem.bytes_mut()[CLIP..CLIP + 4].copy_from_slice(&bytes);
        }
        NONE
    })?;
    def(lua, env, shared, "fillp", |c, a| {
        let bits = a.first().map_or(0, |v| lenient(v).bits());
        let pattern = ((bits >> 16) & 0xffff) as u16;
        c.mem.poke(FILLP as i32, pattern as u8);
        c.mem.poke(FILLP as i32 + 1, (pattern >> 8) as u8);
        c.mem.poke(FILLP as i32 + 2, u8::from(bits & 0x8000 != 0));
        NONE
    })?;
    def(lua, env, shared, "palt", |c, a| {
        let set = |c: &mut Canvas, col: i32, t: bool| {
            let addr = DRAW_PAL as i32 + (col & 15);
            let v = c.mem.peek(addr);
            c.mem.poke(addr, if t { v | 0x10 } else { v & !0x10 });
        };
        match a.len() {
            0 => {
                for col in 0..16 {
                    set(c, col, col == 0);
                }
            }
            1 => {
                let mask = arg(a, 0, 0);
                for col in 0..16 {
                    set(c, col, mask & (1 << (15 - col)) != 0);
                }
            }
            _ => set(c, arg(a, 0, 0), truthy(a, 1)),
        }
        NONE
    })?;
    def(lua, env, shared, "pal", |c, a| {
        let put = |c: &mut Canvas, from: i32, to: i32, p: i32| match p {
            0 => {
                let addr = DRAW_PAL as i32 + (from & 15);
                let keep = c.mem.peek(addr) & 0x10;
                c.mem.poke(addr, keep | (to & 15) as u8);
            }
            1 => c.mem.poke(SCREEN_PAL as i32 + (from & 15), to as u8),
            _ => {}
        };
        match a.first() {
            None | Some(Value::Nil) => {
                c.mem.reset_palettes();
            }
            Some(Value::Table(t)) => {
                let p = arg(a, 1, 0);
                for (k, v) in t.pairs::<Value, Value>().flatten() {
                    put(c, lenient(&k).to_int(), lenient(&v).to_int(), p);
                }
            }
            Some(_) => put(c, arg(a, 0, 0), arg(a, 1, 0), arg(a, 2, 0)),
        }
        NONE
    })?;
    Ok(())
}
