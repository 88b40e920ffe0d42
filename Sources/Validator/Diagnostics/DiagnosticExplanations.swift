/// Long explanations of every diagnostic code, shown by `template-fmt explain CODE` and
/// collected into docs/LANGUAGE.md.
///
/// Each entry starts with `CODE: title` (the catalogue's title), says what triggers the
/// diagnostic and why it matters, then gives a `Bad:` and a `Good:` example (complete TDL
/// files, indented by four spaces, in canonical layout), what the automatic fix does where
/// there is one, and how to suppress it. Raw strings: backslashes are literal TDL text.
enum DiagnosticExplanations {
    static let text: [String: String] = [
        // MARK: Syntax (TDL0xx)

        "TDL001": #"""
        TDL001: Unexpected character

        Outside strings and comments, every character must start a token: an identifier (ASCII
        letters, digits, `_` and `-`), a number, a string, a colour or punctuation. A non-ASCII
        letter in a name, `@`, a lone `-` or a `.` starts none, so the parser reports it and
        moves on. A number needs a digit before its point: `.5` is the character `.`, then `5`.

        Bad:
            template card {
              size: 375 x 200
              divider rule {
                opacity: .5
              }
            }

        Good:
            template card {
              size: 375 x 200
              divider rule {
                opacity: 0.5
              }
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL002": #"""
        TDL002: Invalid UTF-8

        TDL files are UTF-8 text. A byte sequence that is not valid UTF-8 anywhere in the file,
        strings and comments included, is reported where it occurs. It usually means the file was
        saved in another encoding: in Latin-1 the `é` of "Café" is the single byte E9, which UTF-8
        does not allow on its own. Save the file as UTF-8; the text itself need not change.

        Bad:
            // Saved as Latin-1: the accented letter below is the lone byte E9.
            template card "Café" {
              size: 375 x 200
            }

        Good:
            // Saved as UTF-8: the accented letter below is the two bytes C3 A9.
            template card "Café" {
              size: 375 x 200
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL003": #"""
        TDL003: Unterminated string

        A `"` string must close on the line where it opens. When its closing `"` is missing, the
        string is reported and taken to end at the end of its line, so the rest of the file still
        parses. Text that spans lines needs a `"""` string, which ends at the next `"""`; a quote
        inside a string is written `\"`.

        Bad:
            template card {
              size: 375 x 200
              description: "Sign-up card
            }

        Good:
            template card {
              size: 375 x 200
              description: "Sign-up card"
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL004": #"""
        TDL004: Unterminated block comment

        A `/*` comment runs to the first `*/` after it. When no `*/` follows anywhere in the file,
        the comment is reported and taken to end at the end of its line, so one typo never hides
        the rest of the file. Block comments do not nest: in `/* a /* b */ c */` the comment ends
        after `b`, and ` c */` is read as code.

        Bad:
            /* Sign-up card, draft
            template card {
              size: 375 x 200
            }

        Good:
            /* Sign-up card, draft */
            template card {
              size: 375 x 200
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL005": #"""
        TDL005: Invalid escape in a string

        A backslash in a string starts an escape, and only these exist: `\"`, `\\`, `\n`, `\t`,
        `\{` and `\u{HEX}` (1 to 6 hex digits naming a Unicode scalar value; surrogates and values
        above 10FFFF are not allowed). Any other backslash sequence, such as the `\D` of a Windows
        path, is reported. A literal backslash is written `\\`.

        Bad:
            template card {
              size: 375 x 200
              description: "Drafts live in C:\Drafts"
            }

        Good:
            template card {
              size: 375 x 200
              description: "Drafts live in C:\\Drafts"
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL006": #"""
        TDL006: Malformed number

        A number is an optional `-`, digits, and optionally a `.` followed by more digits: `24`,
        `-8`, `0.5`. A point with no digit after it (`8.`) or a second point (`1.2.3`) makes the
        number malformed. `.5` and `+5` are not numbers either; they start with an unexpected
        character (TDL001).

        Bad:
            template card {
              size: 375 x 200
              grid: 8.
            }

        Good:
            template card {
              size: 375 x 200
              grid: 8
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL007": #"""
        TDL007: Malformed colour

        A colour is `#` followed by 3, 4, 6 or 8 hex digits: `#RGB`, `#RGBA`, `#RRGGBB` or
        `#RRGGBBAA`, alpha last. Any other number of digits, or a letter past `F`, makes it
        malformed. Named CSS colours such as `white` are identifiers, written without `#`.

        Bad:
            template card {
              size: 375 x 200
              background: #F5F5F
            }

        Good:
            template card {
              size: 375 x 200
              background: #F5F5F5
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL008": #"""
        TDL008: Unknown unit

        A unit is the letters (or `%`) written right after a number, with no space between:
        `24px`, `12pt`, `50%`, `-2deg`. These four are the only units; anything else touching a
        number is an unknown unit. The usual cause is a size written without spaces: `375x200`
        is the number `375` with the unit `x200`. The message says what the property takes (the
        units of `font-size`, a point for `at`: `10x20` there is `10, 20`), and the value is not
        reported again as a wrong type. (A known unit that the property does not accept, such
        as `grid: 8deg`, is a wrong value type, TDL106.)

        Bad:
            template card {
              size: 375x200
            }

        Good:
            template card {
              size: 375 x 200
            }

        Fix: for the `375x200` mistake, rewrites the value as `375 x 200` (in a point, `375, 200`).

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL009": #"""
        TDL009: Missing `}`

        A block is still open at the end of the file: some `{` has no matching `}`. The parser
        then uses indentation to decide where the open blocks end (a line indented no deeper than
        a block's header closes that block), so the rest of the file keeps its structure, and it
        reports each block it had to close at the block's kind and name.

        Bad:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome"
            }

        Good:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome"
              }
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL010": #"""
        TDL010: Unexpected `}`

        A `}` appears where no block is open: one `}` too many, often left over after deleting
        or moving a block. The stray brace is reported and skipped. Check that each `{` has
        exactly one `}`, indented like the header of its block.

        Bad:
            template card {
              size: 375 x 200
            }
            }

        Good:
            template card {
              size: 375 x 200
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL011": #"""
        TDL011: Missing `:` after a property name

        Properties are written `key: value`. A line inside a block that starts with a name and
        goes on with a value, with neither a `:` nor a `{` (which would open a block), is read as
        a property whose colon is missing.

        Bad:
            template card {
              size 375 x 200
            }

        Good:
            template card {
              size: 375 x 200
            }

        Fix: inserts `:` right after the property name.

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL012": #"""
        TDL012: Block body without a header

        A `{` has no `kind name` before it on its line. A block header, its `{` included, is
        written on one line: `kind name "Title" {`. Putting the brace on the next line leaves the
        header line as a property without a colon (TDL011) and the `{` as a body without a
        header. The body is still parsed, so the braces stay paired.

        Bad:
            template card {
              size: 375 x 200
              text title
              {
                text: "Welcome"
              }
            }

        Good:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome"
              }
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL013": #"""
        TDL013: Missing value

        A property's `key:`, or a `format` or `import` directive, must be followed by at least
        one value on the same line, before the line break, `;` or the `}` that closes the block.
        Give the property a value or delete the line; a property cannot be left empty to mean
        its default.

        Bad:
            template card {
              size: 375 x 200
              background:
            }

        Good:
            template card {
              size: 375 x 200
              background: #F5F5F5
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL014": #"""
        TDL014: Unexpected token

        A token stands where the grammar cannot use it: a leading, trailing or doubled comma in a
        value (commas only separate two values), a `;` with no property before it, a second name
        or title in a block header, or a line that starts with something other than a name or
        `}`. The message says what was expected there and what was found.

        Bad:
            template card {
              size: 375 x 200,
            }

        Good:
            template card {
              size: 375 x 200
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL015": #"""
        TDL015: Blocks nested too deeply

        Blocks nest at most 128 levels deep (a top-level block is level 1); a deeper block is
        reported at its header and skipped whole. The limit keeps tools free of unbounded recursion
        and formatted output linear in the input. Hand-written files never come close.

        Bad:
            template card {
              size: 375 x 200
              group level-2 {
                // … a group in each group, down to a `group level-129 { … }`
              }
            }

        Good:
            template card {
              size: 375 x 200
              group header {
                text title {
                  text: "Welcome"
                }
              }
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL016": #"""
        TDL016: Property outside any block

        At the top level a file holds only the `format` and `import` directives and blocks
        (`style`, `template`, `annotations`). A `key: value` line there belongs to no block and
        applies to nothing; move it into the block it was meant for.

        Bad:
            template card {
              size: 375 x 200
            }
            background: #F5F5F5

        Good:
            template card {
              size: 375 x 200
              background: #F5F5F5
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        "TDL017": #"""
        TDL017: File is UTF-16 or UTF-32, not UTF-8

        TDL files are UTF-8. A file that starts with a UTF-16 or UTF-32 byte order mark (the
        bytes FF FE or FE FF; FF FE 00 00 or 00 00 FE FF), or whose first characters have a NUL
        byte beside each (ASCII text saved as UTF-16 or UTF-32), was saved in another encoding:
        Windows PowerShell's `>` writes UTF-16, for one. Such a file is reported once, at its
        start, and nothing else in it is read; the formatter leaves it alone. Convert it, for
        example with `iconv -f UTF-16 -t UTF-8 card.tdl > card.utf8.tdl` (the message names the
        encoding `iconv` needs), or save it as UTF-8 in the editor.

        Bad:
            // Saved as UTF-16 (little-endian, with a byte order mark): the bytes are
            // FF FE 2F 00 2F 00 20 00 … and every character has a NUL byte beside it.
            template card {
              size: 375 x 200
            }

        Good:
            // Saved as UTF-8: the same text, one byte per ASCII character.
            template card {
              size: 375 x 200
            }

        Syntax errors cannot be suppressed: `// tdl-ignore` does not apply to TDL0xx codes.
        """#,

        // MARK: Structure (TDL1xx)

        "TDL101": #"""
        TDL101: Kind not allowed here

        A block's kind must be allowed where it is written: `style`, `template` and `annotations` at
        the top level; `params` and components (`text`, `image`, `group`, …) in a template; components
        in a group; annotation elements (`rect`, `arrow`, …) in an annotation set. The message lists
        the kinds allowed there, and says where a known kind belongs or the nearest kind name (`txt`).

        Bad:
            template card {
              size: 375 x 200
              txt title {
                text: "Welcome"
              }
            }

        Good:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome"
              }
            }

        Fix: for an unknown kind, changes it to the nearest allowed kind, when the block checks
        clean as that kind.

        Suppress with `// tdl-ignore TDL101` on the line above or at the end of the line.
        """#,

        "TDL102": #"""
        TDL102: Unknown property

        The key is not a property of the block's kind. Each kind has its own properties (see the
        schema); a `style` may hold any property that some element accepts, and `params` any
        parameter name. When a known property is close in spelling, the message suggests the
        nearest one by edit distance ("did you mean `background`?") and checks the value as that
        property's: what is wrong with it joins the same message ("did you mean `align`? (`centre`
        is not a value of `align`; did you mean `center`? …)"). Otherwise, when the key is a
        property of other kinds, it names them. A misspelt key is reported once: rules that would
        miss the property it stands for (a required one, `alt`, a colour for contrast) stay quiet.

        Bad:
            template card {
              size: 375 x 200
              backgroud: #F5F5F5
            }

        Good:
            template card {
              size: 375 x 200
              background: #F5F5F5
            }

        Fix: changes the key to the suggested name, and the value with it when the value needs a
        change too; none when the result would still be wrong (the property is set already,
        excluded by one that is, or the value has an error no fix corrects).

        Suppress with `// tdl-ignore TDL102` on the line above or at the end of the line.
        """#,

        "TDL103": #"""
        TDL103: Duplicate property

        The same key is written twice in one block. Only one value can apply, and the reader of
        the file cannot tell which was meant, so the repeat is an error. It is reported at the
        repeated property, with the first one as related information.

        Bad:
            template card {
              size: 375 x 200
              background: #FFFFFF
              background: #F5F5F5
            }

        Good:
            template card {
              size: 375 x 200
              background: #F5F5F5
            }

        Fix: removes the repeated line, keeping the first.

        Suppress with `// tdl-ignore TDL103` on the line above or at the end of the line.
        """#,

        "TDL104": #"""
        TDL104: Duplicate name

        Names are unique among the top-level blocks of a file (styles, templates and annotation
        sets share one set of names), and among all the elements of one template or annotation
        set, nested groups included, because tools, `from:` and `to:` refer to blocks by name.
        The repeat is reported at its block's kind and name, with the first as related information.

        Bad:
            template card {
              size: 375 x 200
            }
            template card {
              device: iphone-se
            }

        Good:
            template card {
              size: 375 x 200
            }
            template card-full {
              device: iphone-se
            }

        Suppress with `// tdl-ignore TDL104` on the line above or at the end of the line.
        """#,

        "TDL105": #"""
        TDL105: Missing required property

        The block lacks a property its kind requires: a template's `size` (unless `device` gives
        it), an annotation set's `image`, the `text` of `text`, `textarea` and `label`, a button's
        `label`, the `src` of `image` and `video`, or the `from` and `to` of `line` and `arrow`.
        A style the block uses may supply it. It is reported at the block's kind and name, and
        not when a misspelt key or a style that does not exist may hold it (TDL102 and TDL109
        report that mistake). (An image's `alt` is recommended rather than required: see TDL303.)

        Bad:
            template card {
              background: #F5F5F5
            }

        Good:
            template card {
              size: 375 x 200
              background: #F5F5F5
            }

        Fix: adds the property as the block's last line with a placeholder value that is valid
        wherever the property is (`size: 327 x 180`, `text: "Hello"`).

        Suppress with `// tdl-ignore TDL105` on the line above or at the end of the line.
        """#,

        "TDL106": #"""
        TDL106: Wrong value type

        The value does not have the shape the property's type asks for: a string where a colour
        is expected, a point `24, 64` where a size `W x H` is, a number where a boolean is, or a
        unit the property does not accept (`grid: 8deg`); also a `lang` that is no BCP 47 tag. The
        message says what the property expects. Named colours are identifiers: `white`, not `"white"`.

        Bad:
            template card {
              size: 375 x 200
              background: "white"
            }

        Good:
            template card {
              size: 375 x 200
              background: white
            }

        Fix: for a size written as two numbers, `375 200`, rewrites it as `375 x 200` (when both are
        sizes the property takes).

        Suppress with `// tdl-ignore TDL106` on the line above or at the end of the line.
        """#,

        "TDL107": #"""
        TDL107: Value out of range

        The value has the right type but lies outside the range the property accepts: `opacity`
        runs from 0 to 1, `font-size` from 1 to 1000, lengths such as `padding`, `border-width` or
        `corner-radius` cannot be negative, a canvas `size` must be positive, and `max-lines` is
        at least 1. The message gives the accepted range.

        Bad:
            template card {
              size: 375 x 200
              divider rule {
                opacity: 1.5
              }
            }

        Good:
            template card {
              size: 375 x 200
              divider rule {
                opacity: 0.5
              }
            }

        Suppress with `// tdl-ignore TDL107` on the line above or at the end of the line.
        """#,

        "TDL108": #"""
        TDL108: Unknown value

        The property takes one identifier from a fixed list (`align`, `fit`, `device`,
        `font-weight`, `head`, `dash`, …), and the value is not on it; the same goes for the weight
        after a `font` family and for an unknown colour name. Values are case-sensitive. When a
        listed value is close in spelling, the message suggests the nearest one by edit distance
        ("did you mean `iphone-15`?").

        Bad:
            template card {
              device: iphone15
            }

        Good:
            template card {
              device: iphone-15
            }

        Fix: changes the value to the suggestion (for a colour name in capitals, to lower case).

        Suppress with `// tdl-ignore TDL108` on the line above or at the end of the line.
        """#,

        "TDL109": #"""
        TDL109: Undefined style

        `style: NAME` names no `style` of this file or of the files it imports. When a style name is
        close, the message suggests it, with a fix; otherwise define the style or import its file.
        The fix offers a style that supplies what the element lacks (a required property), and in
        a style never one that would make a cycle. What the missing style might have supplied is
        not reported missing, the style suggested is not reported unused, and when an import
        cannot be read, its TDL113 is the one report.

        Bad:
            template card {
              size: 375 x 200
              divider rule {
                style: hairline
              }
            }

        Good:
            style hairline {
              color: #D9D9D9
            }
            template card {
              size: 375 x 200
              divider rule {
                style: hairline
              }
            }

        Suppress with `// tdl-ignore TDL109` on the line above or at the end of the line.
        """#,

        "TDL110": #"""
        TDL110: Undefined element

        The `from:` and `to:` of a `line` or `arrow` take a point or the name of another element
        of the same annotation set (the line then ends at the edge of that element's box), and this
        name belongs to none. The message suggests a close name, with a fix; or give a point `x, y`.

        Bad:
            annotations review {
              image: "home.png"
              arrow pointer {
                from: 400, 900
                to: target
              }
            }

        Good:
            annotations review {
              image: "home.png"
              arrow pointer {
                from: 400, 900
                to: 190, 260
              }
            }

        Suppress with `// tdl-ignore TDL110` on the line above or at the end of the line.
        """#,

        "TDL111": #"""
        TDL111: Undefined parameter

        A string or a URL uses `{{name}}`, but its template declares no parameter `name` in `params`
        (another template's do not count). Declare it with a default, or fix the name: a close one is
        offered. Annotation sets have no parameters, so any `{{name}}` in one is reported, in its
        `image` too; escape the brace (`\{{`) to show the braces as text.

        Bad:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome, {{user}}!"
              }
            }

        Good:
            template card {
              size: 375 x 200
              params {
                user: "friend"
              }
              text title {
                text: "Welcome, {{user}}!"
              }
            }

        Suppress with `// tdl-ignore TDL111` on the line above or at the end of the line.
        """#,

        "TDL112": #"""
        TDL112: Style cycle

        Styles extend each other with `style: NAME`. Here the chain leads back to where it
        started: `style: a` inside style `b`, and so on back to `b` (a style may even name
        itself). No property could then be resolved, so the cycle is an error, reported once, at
        the `style:` of its first style in the file, with the chain in the message and the other
        styles of the cycle as related locations. Break it: the style at the root of a chain
        extends no other.

        Bad:
            style base-text {
              style: title-text
            }
            style title-text {
              style: base-text
            }

        Good:
            style base-text {
              font-size: 16
            }
            style title-text {
              style: base-text
            }

        Suppress with `// tdl-ignore TDL112` on the line above or at the end of the line.
        """#,

        "TDL113": #"""
        TDL113: Import cannot be read

        `import "path"` names a file that cannot be read: it is missing, a directory (as `styles` is
        below) or not a regular file, or it has syntax errors. The path is relative to the importing
        file, not to the current directory. Styles the import would provide are then undefined too.

        Bad:
            import "styles"
            template card {
              size: 375 x 200
              divider rule {
                style: hairline
              }
            }

        Good:
            import "styles/brand.tdl"
            template card {
              size: 375 x 200
              divider rule {
                style: hairline
              }
            }

        Suppress with `// tdl-ignore TDL113` on the line above or at the end of the line.
        """#,

        "TDL114": #"""
        TDL114: Import cycle

        A file imports a file that, directly or through further imports, imports the first one
        again: A imports B imports A. It is reported at the import line that leads into the loop,
        and the message shows the chain. Imports only make styles usable, so a cycle is never
        needed; keep shared styles in a file that imports none of the files using them. Below,
        `brand.tdl` and `base.tdl` are two files, each headed by a comment.

        Bad:
            // brand.tdl
            import "base.tdl"
            // base.tdl
            import "brand.tdl"

        Good:
            // brand.tdl
            import "base.tdl"
            // base.tdl: imports nothing
            style base-text {
              font-size: 16
            }

        Suppress with `// tdl-ignore TDL114` on the line above or at the end of the line.
        """#,

        "TDL115": #"""
        TDL115: Format version newer than this toolchain

        `format N` declares a newer format than this toolchain reads; it knows format 1. The file
        may use syntax or properties this version does not understand, so rather than misread
        it, the validator reports an error. Update the toolchain, or write the file for format 1.

        Bad:
            format 2
            template card {
              size: 375 x 200
            }

        Good:
            format 1
            template card {
              size: 375 x 200
            }

        Suppress with `// tdl-ignore TDL115` on the line above or at the end of the line.
        """#,

        "TDL116": #"""
        TDL116: Format version older than this toolchain

        `format N` declares a format older than 1, the version this toolchain reads. The file is
        read as format 1, and reads the same under it, so this is a warning with a migration.

        Bad:
            format 0
            template card {
              size: 375 x 200
            }

        Good:
            format 1
            template card {
              size: 375 x 200
            }

        Fix: migrates the file by rewriting the version as `format 1`.

        Suppress with `// tdl-ignore TDL116` on the line above or at the end of the line.
        """#,

        "TDL117": #"""
        TDL117: No `format` line

        The file has no `format` line. It is read as format 1, the only format so far, so this
        is only a hint; declaring the version keeps the file unambiguous once later formats
        exist.

        Bad:
            template card {
              size: 375 x 200
            }

        Good:
            format 1
            template card {
              size: 375 x 200
            }

        Fix: inserts a `format 1` line at the top of the file (after a byte order mark, if any).

        Suppress with `// tdl-ignore-file TDL117` anywhere in the file.
        """#,

        "TDL118": #"""
        TDL118: Missing or unexpected name or title

        The block header does not fit its kind: a `template`, `annotations` or `style` needs a
        name, since that is how tools and `style:` refer to it; `params` takes no name; and only
        `template` and `annotations` take a "Title" string. Elements may have a name but no
        title. It is reported at the block's kind.

        Bad:
            template {
              size: 375 x 200
            }

        Good:
            template card {
              size: 375 x 200
            }

        Fix: where the kind takes no name, removes the name.

        Suppress with `// tdl-ignore TDL118` on the line above or at the end of the line.
        """#,

        "TDL119": #"""
        TDL119: Properties that exclude each other

        The block sets two properties that say the same thing in different ways, so one would
        silently override the other: a component's `size` together with `width` or `height`, a
        template's `size` together with `device`, or a label's `fill` together with
        `background`. Keep one of them.

        Bad:
            template card {
              size: 375 x 667
              device: iphone-se
            }

        Good:
            template card {
              device: iphone-se
            }

        Suppress with `// tdl-ignore TDL119` on the line above or at the end of the line.
        """#,

        "TDL120": #"""
        TDL120: Style property does not apply

        The element's style (or a style it extends) sets a property the element's kind does not
        accept, here `font-size` on a `divider`, so it has no effect there. Reported at the
        `style:` of the first element of that kind using the style in each template or annotation
        set, once per property: one line of a style is one mistake, however often it is used. A
        key that no element accepts (a misspelling) is reported in the style itself, TDL102.

        Bad:
            style accent {
              font-size: 20
            }
            template card {
              size: 375 x 200
              divider rule {
                style: accent
              }
            }

        Good:
            style accent {
              color: #0060DF
            }
            template card {
              size: 375 x 200
              divider rule {
                style: accent
              }
            }

        Suppress with `// tdl-ignore TDL120` on the line above or at the end of the line.
        """#,

        "TDL121": #"""
        TDL121: Misplaced or repeated directive

        `format` comes first in the file (comments aside), and only once; `import` lines come
        after it and before any block. A directive elsewhere, or a second `format`, is reported:
        tools read the version before anything else, and imports before the blocks using them.

        Bad:
            template card {
              size: 375 x 200
            }
            format 1

        Good:
            format 1
            template card {
              size: 375 x 200
            }

        Suppress with `// tdl-ignore TDL121` on the line above or at the end of the line.
        """#,

        "TDL122": #"""
        TDL122: Malformed interpolation

        In a string, `{{` starts an interpolation, which is a parameter name written directly
        between the braces: `{{user}}`. A `{{` that does not form `{{name}}` (a space inside, no
        closing `}}`, something other than an identifier) is reported. For the literal text `{{`,
        escape the first brace: `\{{`.

        Bad:
            template card {
              size: 375 x 200
              text hint {
                text: "Type {{ to insert a parameter"
              }
            }

        Good:
            template card {
              size: 375 x 200
              text hint {
                text: "Type \{{ to insert a parameter"
              }
            }

        Fix: for a `{{` that starts no interpolation, inserts `\` before it: the literal text `{{`;
        for spaces inside, writes `{{name}}` when `name` is a parameter of the template.

        Suppress with `// tdl-ignore TDL122` on the line above or at the end of the line.
        """#,

        "TDL123": #"""
        TDL123: Block header without `{`

        Inside a block, a line `kind name` with no `:` and no `{` is read as a property missing
        its colon. When its first word is a kind of block allowed there and not a property of
        the enclosing block (`text subtitle` inside a `group`), it is the header of a block
        still being typed: it is reported as such, instead of as a missing colon and an unknown
        property.

        Bad:
            template card {
              size: 375 x 200
              group header {
                text subtitle
              }
            }

        Good:
            template card {
              size: 375 x 200
              group header {
                text subtitle {
                  text: "Text"
                }
              }
            }

        Fix: adds ` {` and the closing `}` on a line of its own, with the kind's required and
        recommended properties set to placeholder values (offered in editors, not applied by
        `--fix`).

        Suppress with `// tdl-ignore TDL123` on the line above or at the end of the line.
        """#,

        // MARK: Lint (TDL3xx)

        "TDL301": #"""
        TDL301: Element outside its canvas

        The element's box (`at` plus `size`, or `width`/`height`) extends past the canvas (the
        template's `size` or `device`, or the annotation set's `size`), so it is cut off or off
        screen; the message says whether partly or wholly. A group's children are placed from its
        content box (its `at` plus `border-width` and `padding`); a line's `from`/`to` points count.
        A group without `size` has its natural size, its members' boxes plus padding and border (a
        member without a size counts by its `at`); it is reported only when none of its members is,
        since the member that crosses the edge is the one to move.

        Bad:
            template card {
              size: 375 x 200
              divider rule {
                at: 0, 190
                size: 375 x 20
              }
            }

        Good:
            template card {
              size: 375 x 200
              divider rule {
                at: 0, 180
                size: 375 x 20
              }
            }

        Suppress with `// tdl-ignore TDL301` on the line above or at the end of the line.
        """#,

        "TDL302": #"""
        TDL302: Text contrast below WCAG AA

        Text too close to its background in colour is hard to read, above all with low vision. WCAG 2.x
        success criterion 1.4.3: relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B on linearised
        sRGB channels, ratio (L1 + 0.05) / (L2 + 0.05) with L1 the lighter; AA needs 4.5:1, or 3:1 for
        large text (≥ 24px, or ≥ 19px bold). Background: the element's, else its group's, else the canvas.
        The colours judged are those seen: the text colour's alpha, the element's `opacity` and its
        groups' count (an element with opacity below 1 is laid over what is behind it, with its
        background and members, as the page draws it).

        Bad:
            template card {
              size: 375 x 200
              text note {
                text: "Terms apply"
                color: #999999
              }
            }

        Good:
            template card {
              size: 375 x 200
              text note {
                text: "Terms apply"
                color: #595959
              }
            }

        Suppress with `// tdl-ignore TDL302` on the line above or at the end of the line.
        """#,

        "TDL303": #"""
        TDL303: Image without `alt`

        An `image` has no `alt`. Screen readers announce an image by its text alternative; without
        one they read out the file name or skip it (WCAG 2.x success criterion 1.1.1). Describe what
        the image shows; for a purely decorative image write `alt: ""`, so it is skipped on purpose.

        Bad:
            template card {
              size: 375 x 200
              image hero {
                src: "hero.png"
              }
            }

        Good:
            template card {
              size: 375 x 200
              image hero {
                src: "hero.png"
                alt: "Three people planning a trip"
              }
            }

        Fix: two, offered in editors: add `alt` with a placeholder description to replace with
        what the image shows, or mark the image as decorative with `alt: ""`.

        Suppress with `// tdl-ignore TDL303` on the line above or at the end of the line.
        """#,

        "TDL304": #"""
        TDL304: Unused style

        No element uses this style, directly or through another style (a style used only by an
        unused style is unused too), in any file that sees it: the files checked together
        (`template-fmt check shared screens`) or, in an editor, every file of the workspace. A
        file checked alone counts only its own uses, so check a file of shared styles together
        with the files importing it. Use the style or delete it.

        Bad:
            style muted {
              color: #595959
            }

        Good:
            style muted {
              color: #595959
            }
            template card {
              size: 375 x 200
              text note {
                style: muted
                text: "Terms apply"
              }
            }

        Suppress with `// tdl-ignore TDL304` on the line above or at the end of the line.
        """#,

        "TDL305": #"""
        TDL305: Unused parameter

        A parameter declared in the template's `params` block is used by no `{{name}}` in the
        template, so data given for it with `--data` changes nothing. Use it or delete it.

        Bad:
            template card {
              size: 375 x 200
              params {
                user: "friend"
              }
            }

        Good:
            template card {
              size: 375 x 200
              params {
                user: "friend"
              }
              text title {
                text: "Welcome, {{user}}!"
              }
            }

        Suppress with `// tdl-ignore TDL305` on the line above or at the end of the line.
        """#,

        "TDL306": #"""
        TDL306: Script or data URL

        A URL property (`src`, `poster`, `action`, an annotation set's `image`) holds a
        `javascript:`, `vbscript:` or `data:` URL, in any letter case and even with spaces or
        control characters inside the scheme, which browsers ignore. Script URLs run code when the
        page follows them, and `data:` URLs can carry a whole document or script past review. They
        are an error and are never exported to HTML or SVG. Use an `https` URL or a relative path.
        A URL with `{{name}}` is judged with the parameters' defaults filled in (percent-encoded):
        `"{{p}}:x"` with `p: "javascript"` is a script URL.

        Bad:
            annotations review {
              image: "data:image/png;base64,iVBORw0KGgo="
            }

        Good:
            annotations review {
              image: "screenshots/home.png"
            }

        Suppress with `// tdl-ignore TDL306` on the line above or at the end of the line; the
        URL is still never exported.
        """#,

        "TDL307": #"""
        TDL307: Empty text

        The `text` of a `text`, `textarea` or `label`, or the `label` of a button, is empty or only
        whitespace. The element draws nothing, and an empty button gives screen readers no name to
        announce. Write the text or delete the element. (An empty `alt` is different: it marks an
        image as decorative.)

        Bad:
            template card {
              size: 375 x 200
              text title {
                text: ""
              }
            }

        Good:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome"
              }
            }

        Suppress with `// tdl-ignore TDL307` on the line above or at the end of the line.
        """#,

        "TDL308": #"""
        TDL308: Zero-size element

        The element's width or height (`width`, `height` or `size`, its own or from its style) is
        0, so it draws nothing and cannot be seen or clicked; usually a leftover from editing. Give
        it a size or delete it. To hide an element on purpose, write `visible: false`. A `divider`
        is exempt, since its rule has its own `thickness`.

        Bad:
            annotations review {
              image: "home.png"
              rect target {
                size: 300 x 0
              }
            }

        Good:
            annotations review {
              image: "home.png"
              rect target {
                size: 300 x 120
              }
            }

        Suppress with `// tdl-ignore TDL308` on the line above or at the end of the line.
        """#,

        "TDL309": #"""
        TDL309: Unsupported URL scheme

        A URL property (`src`, `poster`, `action`, an annotation set's `image`) uses a scheme
        other than `http`, `https` or `mailto`, such as `file:`, `ftp:` or `tel:`. A value
        without a scheme is a relative path and is fine. Only those URLs are exported, since
        others rarely work where the page is published: a `file:` URL points into one person's
        disk. A URL with `{{name}}` is judged with the parameters' defaults filled in.

        Bad:
            annotations review {
              image: "file:///Users/ana/home.png"
            }

        Good:
            annotations review {
              image: "screenshots/home.png"
            }

        Suppress with `// tdl-ignore TDL309` on the line above or at the end of the line.
        """#,

        "TDL310": #"""
        TDL310: Suppression that silences nothing

        A `// tdl-ignore` comment lists a code that reports nothing where the comment applies (on
        its own line, the property or block that follows it, everything inside included; at the
        end of a line, that line), or it names no code. Usually the problem was fixed and the
        comment stayed behind, where it would hide a new problem later. Delete it, or the code.

        Bad:
            template card {
              size: 375 x 200
              // tdl-ignore TDL303
              text title {
                text: "Welcome"
              }
            }

        Good:
            template card {
              size: 375 x 200
              text title {
                text: "Welcome"
              }
            }

        TDL310 itself cannot be suppressed: delete the comment instead.
        """#,

        "TDL311": #"""
        TDL311: Video without captions

        A `video` has no `captions`. People who cannot hear a video follow its speech and sounds
        in captions (WCAG 2.x success criterion 1.2.2); the exported `<video>` gets them as a
        `<track kind="captions">` from a WebVTT file. This is a hint, not a warning: a video with
        no sound needs no captions, and only you know whether it has any.

        Bad:
            template card {
              size: 375 x 300
              video demo {
                src: "demo.mp4"
                size: 375 x 211
              }
            }

        Good:
            template card {
              size: 375 x 300
              video demo {
                src: "demo.mp4"
                captions: "demo.vtt"
                size: 375 x 211
              }
            }

        A WebVTT file is plain text: `WEBVTT`, a blank line, then cues such as
        `00:00.000 --> 00:04.000` followed by the line shown. For a silent video, suppress with
        `// tdl-ignore TDL311` on the line above or at the end of the line.
        """#,

        "TDL312": #"""
        TDL312: Text that cannot fit its box

        A text (`text`, `textarea`, a button's `label`, an annotation `label`) needs more room than
        its box gives it: a word wider than the box (without a `width`, wider than the space between
        its `at` and the canvas's right edge), or more lines than the box's height holds (with
        `max-lines`, at most that many). The text then runs out of its box, over its neighbours or
        off the canvas, or is cut off. The estimate errs on the quiet side, so a warning means that
        even a lower bound does not fit: each character counts narrower than common fonts draw it
        (0.4 em for most ASCII, 0.2 em for a space and for narrow letters such as `i` or `l`, 1 em
        for CJK and emoji, nothing for a `{{name}}` (with `check --data FILE`, the value the data
        gives, named in the report), and nothing after a `{{` that is not closed, which TDL122
        reports), lines break wherever a browser might, and a
        line is the font size tall unless `line-height` says more, and the lines may exceed the
        height by a quarter of a line. The room is the box inside its border: text that only eats
        into the padding is still in its box. A `font-size` out of its range (TDL107) or `size`
        beside `width` or `height` (TDL119) is not judged. Make the box larger or the font smaller, shorten the text, or let `max-lines` cut it off with an ellipsis.

        Bad:
            template card {
              size: 375 x 200
              text title {
                text: "Internationalisation"
                font-size: 32
                size: 120 x 40
              }
            }

        Good:
            template card {
              size: 375 x 200
              text title {
                text: "Internationalisation"
                font-size: 16
                size: 120 x 40
              }
            }

        Suppress with `// tdl-ignore TDL312` on the line above or at the end of the line.
        """#,

        "TDL313": #"""
        TDL313: Missing local file

        A relative URL in `src` (an image's or a video's), `poster`, `captions` or an annotation
        set's `image` names no file: it is looked for relative to the folder of the document that
        writes it, and nothing is there. The exported page would show a broken image, a video
        that does not play or no captions. Fix the path, or add the file. The query and fragment
        (`?v=2`, `#t=5`) are not part of the file's name, and `%20` and other escapes are decoded
        first. Not checked: URLs with a scheme (`https:` …), paths from the site's root
        (`/images/a.png`) and network paths (`//host/a.png`), which name what the server serves,
        not files beside the document; a button's `action`, which may be a page the site serves;
        URLs with `{{name}}`, known only at export (an escaped `\{{` is a brace in the file's name
        and is checked); and documents with no folder (standard input, an unsaved editor buffer). In the examples below the document is saved beside a folder
        `screenshots` that holds `checkout.png`, as in the repository's `Examples`.

        Bad:
            annotations review {
              image: "screenshot/checkout.png"
            }

        Good:
            annotations review {
              image: "screenshots/checkout.png"
            }

        Suppress with `// tdl-ignore TDL313` on the line above or at the end of the line.
        """#,
        "TDL314": #"""
        TDL314: Font family the page cannot name

        A `font` names a family, or a comma-separated list of them tried in order, that the
        exported page leaves out: a family name reaches the page's CSS only when it is made of
        ASCII letters, digits, spaces and hyphens, starts and ends with a letter or digit, and
        is at most 64 characters long, so that nothing in it can end the value or the rule. An
        empty entry (two commas in a row, a comma at the end) is left out too. The families
        that remain are tried in order, then the generic family of the first one (`serif` for
        Georgia and other well-known serif faces, `monospace` for Menlo, Consolas and other
        code faces, `sans-serif` otherwise) unless the list ends in a generic family already.
        Write the family's name as the font's own menu name in ASCII, or drop it.

        Bad:
            template report {
              size: 375 x 200
              text title {
                text: "Quarterly report"
                font: "Sans Pro™, Arial,"
                size: 300 x 40
              }
            }

        Good:
            template report {
              size: 375 x 200
              text title {
                text: "Quarterly report"
                font: "Source Sans Pro, Arial"
                size: 300 x 40
              }
            }

        Suppress with `// tdl-ignore TDL314` on the line above or at the end of the line.
        """#,
        "TDL315": #"""
        TDL315: Button that leads nowhere

        A `button` has no `action`. A button in an exported page is a link drawn as a button:
        it takes the reader to its `action`. Without one there is nowhere to go, so the page
        shows the label as text in the button's box rather than a control that does nothing
        when pressed, which a keyboard would stop at and a screen reader would announce for
        no reason. Give the button the page or address it leads to; if it is only a picture of
        a button (a design mock-up), a `text` says so. A `javascript:` or other refused URL
        counts as no `action` too, after its own report (TDL306, TDL309).

        Bad:
            template card {
              size: 375 x 200
              button start {
                label: "Get started"
                size: 120 x 40
              }
            }

        Good:
            template card {
              size: 375 x 200
              button start {
                label: "Get started"
                action: "/start"
                size: 120 x 40
              }
            }

        Suppress with `// tdl-ignore TDL315` on the line above or at the end of the line.
        """#,
        "TDL316": #"""
        TDL316: Video that plays by itself

        A video with `autoplay: true` starts as the page opens, and either has no controls
        (`controls: false`), so a reader cannot pause or stop it, or is not `muted`, so it
        would start with its sound on. Moving content that starts by itself needs a way to
        pause it (WCAG 2.2.2), and sound that starts by itself a way to stop or silence it
        (WCAG 1.4.2); browsers also refuse to start a video with sound on their own, so such
        a video does not play at all. Keep the controls and mute it, or let the reader start
        it.

        Bad:
            template intro {
              size: 375 x 300
              video clip {
                src: "media/layout-demo.mp4"
                captions: "media/layout-demo.vtt"
                autoplay: true
                loop: true
                controls: false
                size: 375 x 200
              }
            }

        Good:
            template intro {
              size: 375 x 300
              video clip {
                src: "media/layout-demo.mp4"
                captions: "media/layout-demo.vtt"
                autoplay: true
                loop: true
                muted: true
                size: 375 x 200
              }
            }

        Suppress with `// tdl-ignore TDL316` on the line above or at the end of the line.
        """#,
        "TDL317": #"""
        TDL317: Reading order differs from the layout

        A screen reader, the keyboard and the exported page follow the source order: within a
        template, annotation set or group, its members are read as they are written. This
        member comes after one it is clearly placed before: above it with a gap between them
        (the two sharing some width), or in the same row (their heights overlap by half the
        shorter one) wholly on its left, or on its right when the template's `lang` is a
        right-to-left language. So a reader meets the page in an order a sighted reader does
        not see (WCAG 1.3.2). Only members a reader meets are compared (text, textarea,
        button, video, an image with a non-empty `alt`; not hidden, rotated or scaled, with a
        whole box on the canvas); side-by-side columns written column by column, members of
        different groups, and rows whose direction is not known are left alone. One report
        per container, at its first member out of place. Write the members in the order they
        are seen; the fix does that when moving the blocks cannot change what is drawn (no
        two members whose order changes overlap, no suppression comment among them).

        Bad:
            template card {
              size: 375 x 300
              text body {
                text: "Read the terms before you start."
                at: 16, 80
                size: 343 x 40
              }
              text heading {
                text: "Welcome"
                at: 16, 16
                size: 343 x 40
              }
            }

        Good:
            template card {
              size: 375 x 300
              text heading {
                text: "Welcome"
                at: 16, 16
                size: 343 x 40
              }
              text body {
                text: "Read the terms before you start."
                at: 16, 80
                size: 343 x 40
              }
            }

        Suppress with `// tdl-ignore TDL317` on the line above or at the end of the line.
        """#,
        "TDL330": #"""
        TDL330: Font file the page may not load

        A `font-face` names its file with a plain `http` URL, or with `//host/…` (which takes
        the page's own scheme). The exported page loads a font only from its own site (a
        relative path, or one from the site's root) or over `https`, and its
        Content-Security-Policy admits exactly those files: a font fetched in clear text can be
        replaced on the way, and a file on a host the page cannot name cannot be admitted. The
        face is left out of the page, and text in its family falls back. Serve the file over
        `https`, or put it beside the page.

        Bad:
            font-face "Brand Sans" {
              src: "http://cdn.example.com/brand-sans.woff2"
            }

        Good:
            font-face "Brand Sans" {
              src: "https://cdn.example.com/brand-sans.woff2"
            }

        Suppress with `// tdl-ignore TDL330` on the line above or at the end of the line.
        """#,
        "TDL331": #"""
        TDL331: Font file of unknown format

        A `font-face`'s `src` does not end in `.woff2`, `.woff`, `.ttf` or `.otf`. The page
        tells the browser each file's format (`format("woff2")`), read from that ending, so a
        browser skips a format it cannot draw without downloading it; a file whose format
        cannot be told is left out of the page, and text in its family falls back. Name the
        file with its format's ending (a query or fragment after it is fine); WOFF2 is the
        smallest and every current browser reads it.

        Bad:
            font-face "Brand Sans" {
              src: "https://cdn.example.com/fonts?family=brand-sans"
            }

        Good:
            font-face "Brand Sans" {
              src: "https://cdn.example.com/brand-sans.woff2?v=3"
            }

        Suppress with `// tdl-ignore TDL331` on the line above or at the end of the line.
        """#,
        "TDL332": #"""
        TDL332: Font face declared twice

        Two `font-face` blocks declare the same face: the same family (in any case), the same
        `weight` and the same `italic`. A page can draw one file per face, so it loads the
        first declaration (this file's own before those of its imports, in import order, as
        for styles) and the other is never used. Remove one, or give it the weight or slant
        its file draws.

        Bad:
            font-face "Brand Sans" {
              src: "https://cdn.example.com/brand-sans.woff2"
            }
            font-face "Brand Sans" {
              src: "https://cdn.example.com/brand-sans-bold.woff2"
            }

        Good:
            font-face "Brand Sans" {
              src: "https://cdn.example.com/brand-sans.woff2"
            }
            font-face "Brand Sans" {
              src: "https://cdn.example.com/brand-sans-bold.woff2"
              weight: bold
            }

        Suppress with `// tdl-ignore TDL332` on the line above or at the end of the line.
        """#,
    ]
}
