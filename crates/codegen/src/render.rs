//! Rendering the templates with minijinja: strict about undefined values (a typo in a template
//! is an error, not an empty string) and with block tags that leave no blank lines behind.

use minijinja::{Environment, UndefinedBehavior, Value};

use crate::error::CodegenError;
use crate::parts::Part;

/// An environment holding `parts`, set up for Lua output.
pub fn environment(parts: &[Part]) -> Result<Environment<'static>, CodegenError> {
    let mut env = Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // Lua source is not HTML: never escape.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    for p in parts {
        env.add_template(p.path, p.source)
            .map_err(|e| template_error(p.path, &e))?;
    }
    Ok(env)
}

/// Renders one part with `ctx`; the output has no blank lines (they cost characters).
pub fn render(env: &Environment<'_>, part: &Part, ctx: &Value) -> Result<String, CodegenError> {
    let t = env
        .get_template(part.path)
        .map_err(|e| template_error(part.path, &e))?;
    let text = t.render(ctx).map_err(|e| template_error(part.path, &e))?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    Ok(lines.join("\n"))
}

fn template_error(path: &str, e: &minijinja::Error) -> CodegenError {
    let mut message = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        message.push_str(&format!(": {s}"));
        source = s.source();
    }
    CodegenError::Template {
        template: path.to_string(),
        line: e.line().unwrap_or(0),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parts::Group;

    fn part(source: &'static str) -> Part {
        Part {
            name: "test/bad",
            path: "test/bad.lua",
            source,
            group: Group::Engine,
            feature: None,
        }
    }

    #[test]
    fn undefined_value_is_an_error_with_its_line() {
        let p = part("x=1\ny={{ nope }}\n");
        let env = environment(&[p]).unwrap();
        let e = render(&env, &p, &Value::from(())).unwrap_err().to_string();
        assert!(e.starts_with("templates/test/bad.lua:2:"), "{e}");
    }

    #[test]
    fn syntax_error_in_a_template_is_located() {
        let e = environment(&[part("x=1\n{% if %}\n")])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("templates/test/bad.lua:2:"), "{e}");
    }

    #[test]
    fn blank_lines_and_trailing_spaces_are_dropped() {
        let p = part("a=1  \n\n{% if true %}\nb=2\n{% endif %}\n\n");
        let env = environment(&[p]).unwrap();
        assert_eq!(render(&env, &p, &Value::from(())).unwrap(), "a=1\nb=2");
    }
}
