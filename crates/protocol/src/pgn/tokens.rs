//! The record's tokens: tags, move numbers, moves, NAGs, comments,
//! variation brackets and results, each with its line number.

use super::{suffix_nag, RESULTS};

/// One token of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A tag that does not read (its text).
    BadTag(String),
    /// A move number (`12.`, `12...`).
    Number,
    /// A move string (annotation marks stripped).
    Move(String),
    /// A NAG: `$n`, or a suffix (`!?`) that was glued to a move.
    Nag(u8),
    /// A `$` word that is not a NAG.
    BadNag(String),
    /// `{...}`.
    Comment(String),
    /// `(`: a variation opens.
    Open,
    /// `)`: a variation closes.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(String),
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// Splits the text into tokens with their line numbers. Escape lines (`%`)
/// and `;` comments are skipped.
pub(super) fn tokenize(text: &str) -> Vec<(usize, Tok)> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut line = 1;
    let mut line_start = true;
    while let Some((i, c)) = chars.next() {
        let at_start = line_start;
        line_start = c == '\n';
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => line_start = at_start,
            '%' if at_start => skip_line(&mut chars, &mut line, &mut line_start),
            ';' => skip_line(&mut chars, &mut line, &mut line_start),
            '{' => {
                let start_line = line;
                let body = comment(&mut chars, &mut line);
                out.push((start_line, Tok::Comment(body)));
            }
            '(' => out.push((line, Tok::Open)),
            ')' => out.push((line, Tok::Close)),
            '[' => {
                let tag_line = line;
                let body = tag_body(&mut chars, &mut line, &mut line_start);
                out.push((tag_line, parse_tag(&body)));
            }
            _ => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_whitespace() || "{}()[];".contains(d) {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                word_tokens(&text[i..end], line, &mut out);
            }
        }
    }
    out
}

fn skip_line(chars: &mut Chars<'_>, line: &mut usize, line_start: &mut bool) {
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            *line += 1;
            *line_start = true;
            break;
        }
    }
}

/// The body of a `{...}` comment (the `{` already read).
fn comment(chars: &mut Chars<'_>, line: &mut usize) -> String {
    let mut body = String::new();
    for (_, c) in chars.by_ref() {
        if c == '}' {
            break;
        }
        if c == '\n' {
            *line += 1;
        }
        body.push(c);
    }
    body
}

/// The body of a `[...]` tag (the `[` already read): up to its `]` outside
/// the quoted value, or the end of the line.
fn tag_body(chars: &mut Chars<'_>, line: &mut usize, line_start: &mut bool) -> String {
    let mut body = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            *line += 1;
            *line_start = true;
            break;
        }
        if c == ']' && !in_string {
            break;
        }
        if in_string && !escaped && c == '"' {
            in_string = false;
        } else if !in_string && c == '"' {
            in_string = true;
        }
        escaped = in_string && !escaped && c == '\\';
        body.push(c);
    }
    body
}

fn parse_tag(body: &str) -> Tok {
    let body = body.trim();
    let Some((name, rest)) = body.split_once(char::is_whitespace) else {
        return Tok::BadTag(body.to_string());
    };
    // A quote in a name would be read as the start of the value once the
    // tag is written back with its closing bracket: refuse it here.
    if name.contains('"') {
        return Tok::BadTag(body.to_string());
    }
    let rest = rest.trim();
    let Some(inner) = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return Tok::BadTag(body.to_string());
    };
    // A carriage return inside a value becomes a space, as the writer
    // writes it, so that a record read, written and read again is the same.
    let plain = |c: char| if c == '\r' { ' ' } else { c };
    let mut value = String::new();
    let mut it = inner.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            if let Some(n) = it.next() {
                value.push(plain(n));
            }
        } else {
            value.push(plain(c));
        }
    }
    Tok::Tag(name.to_string(), value)
}

/// A word of movetext: a move number (possibly glued to a move, `12.e2e4`),
/// a result, a NAG, or a move with its annotation marks (`!?` as a NAG,
/// `+` and `#` dropped).
fn word_tokens(word: &str, line: usize, out: &mut Vec<(usize, Tok)>) {
    if RESULTS.contains(&word) {
        out.push((line, Tok::Result(word.to_string())));
        return;
    }
    if let Some(digits) = word.strip_prefix('$') {
        let tok = match digits.parse::<u8>() {
            Ok(n) if digits.bytes().all(|b| b.is_ascii_digit()) => Tok::Nag(n),
            _ => Tok::BadNag(word.to_string()),
        };
        out.push((line, tok));
        return;
    }
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let dots = word[digits..].chars().take_while(|&c| c == '.').count();
    let rest = if digits > 0 && dots > 0 {
        out.push((line, Tok::Number));
        &word[digits + dots..]
    } else {
        word
    };
    let mv = rest.trim_end_matches(['!', '?', '+', '#']);
    let marks: String = rest[mv.len()..]
        .chars()
        .filter(|&c| c == '!' || c == '?')
        .collect();
    if !mv.is_empty() {
        out.push((line, Tok::Move(mv.to_string())));
    } else if !rest.is_empty() && suffix_nag(&marks).is_none() && !marks.is_empty() {
        // Marks alone that are no known suffix: read as a (malformed) move.
        out.push((line, Tok::Move(rest.to_string())));
        return;
    }
    if let Some(n) = suffix_nag(&marks) {
        out.push((line, Tok::Nag(n)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<Tok> {
        tokenize(text).into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn suffixes_become_nags_and_checks_are_dropped() {
        let mv = |s: &str| Tok::Move(s.into());
        assert_eq!(
            toks("1.e2e4!? e7e5?? 2. d1h5+! $17 (2... x) !"),
            vec![
                Tok::Number,
                mv("e2e4"),
                Tok::Nag(5),
                mv("e7e5"),
                Tok::Nag(4),
                Tok::Number,
                mv("d1h5"),
                Tok::Nag(1),
                Tok::Nag(17),
                Tok::Open,
                Tok::Number,
                mv("x"),
                Tok::Close,
                Tok::Nag(1),
            ]
        );
    }

    #[test]
    fn bad_nags_and_unknown_marks() {
        assert_eq!(
            toks("$256 $x $ e2e4!!! + ?!?"),
            vec![
                Tok::BadNag("$256".into()),
                Tok::BadNag("$x".into()),
                Tok::BadNag("$".into()),
                Tok::Move("e2e4".into()),
                Tok::Move("?!?".into()),
            ]
        );
    }

    #[test]
    fn a_tag_is_a_tag_at_any_depth() {
        assert_eq!(
            toks("( [A \"b\"]"),
            vec![Tok::Open, Tok::Tag("A".into(), "b".into())]
        );
    }
}
