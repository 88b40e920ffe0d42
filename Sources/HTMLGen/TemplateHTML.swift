import Validator

/// A resolved template as one standalone HTML5 page: a canvas of the template's size with
/// every component absolutely placed. Each component is one semantic element whose `id` is
/// its resolved id; its CSS is in the page's `<style>` block, an `#id` rule (shared with the
/// elements laid out alike, `IdRules`) and an appearance class (`AppearanceClasses`), and the
/// components sit in `<main>`, the page's landmark. Elements that
/// show text take `dir="auto"` (each runs in the direction of its own first letter), the page
/// `dir="rtl"` when `lang` is a right-to-left language.
public enum TemplateHTML {
    public static func render(_ item: ResolvedItem) -> [UInt8] {
        var css = OutputBuffer(capacity: 256 + item.children.count * 256)
        var body = OutputBuffer(capacity: 64 + item.children.count * 96)
        let grid = canvasGrid(item)
        baseRules(item, grid: grid, into: &css)
        FontFaceCSS.rules(item.fontFaces, into: &css)
        body.raw("<main class=\"tdl-canvas\">\n")
        var table = PropertyTable()
        table.fontFallbacks = PageFontFaces.fallbackKinds(item.fontFaces)
        let lang = item[.lang]?.string.flatMap { HTMLPage.isLanguageTag($0) ? $0 : nil } ?? "en"
        var scratch = OutputBuffer(), rules = PageRules()
        // By index: `for child in` would copy each element, and with it every reference it holds.
        for i in item.children.indices {
            element(item.children[i], placement: Placement(grid, i, inset: 0), depth: 1, lang: lang, shape: .page, table: &table,
                    scratch: &scratch, rules: &rules, body: &body)
        }
        rules.write(into: &css)
        body.raw("</main>\n")
        fitToWidth(item, into: &css)
        interactionRules(into: &css)
        if rules.hasStillTwins { motionRules(into: &css) }
        return HTMLPage.write(lang: lang, direction: item.direction, title: item.displayTitle,
                              description: item[.description]?.string, css: css, body: body,
                              fontSources: FontFaceCSS.policySources(item.fontFaces))
    }

    /// The canvas's grid of its components (`LineGrid`), when it has a size.
    static func canvasGrid(_ item: ResolvedItem) -> LineGrid? {
        item.canvasSize.flatMap { LineGrid(members: item.children, width: $0.width, height: $0.height) }
    }

    /// Rules shared by every page, and the canvas. `--u` is one canvas px; `--t` three
    /// quarters of one px of the reader's default font size, the least a canvas px of text
    /// becomes (`fontSize`).
    static func baseRules(_ item: ResolvedItem, grid: LineGrid?, into css: inout OutputBuffer) {
        css.raw("*,*::before,*::after{box-sizing:border-box}\nhtml,body{margin:0;padding:0}\n:root{--u:1px;--t:0.046875rem}\n")
        let size = item.canvasSize
        if let size, size.width > 0 {
            // Narrower screens scale the canvas down: one canvas px is 100vw / W, for browsers
            // without container units (`fitToWidth` does better where they exist).
            css.raw("@media (max-width:")
            css.number(size.width)
            css.raw("px){:root{--u:calc(100vw/")
            css.number(size.width)
            css.raw(")}}\n")
        }
        css.raw(".tdl-canvas{position:relative;overflow:hidden;margin:0 auto")
        canvasBox(size, grid: grid, into: &css)
        css.raw(";background-color:")
        CSSValues.color(item[.background]?.color ?? RGBAColor(red: 255, green: 255, blue: 255), into: &css)
        css.raw(";font-family:sans-serif}\n")
        css.raw(".tdl-canvas p,.tdl-canvas h1,.tdl-canvas h2,.tdl-canvas h3,.tdl-canvas h4,.tdl-canvas h5,.tdl-canvas h6,.tdl-canvas hr{margin:0}\n")
        css.raw(".tdl-canvas hr{border:0;height:0}\n")
        css.raw(".tdl-canvas img,.tdl-canvas video{display:block}\n")
        css.raw(".tdl-canvas a{text-decoration:none}\n")
        // A member of a grid sits at the top of its area (`LineGrid`); `#id` rules say otherwise
        // for the members placed absolutely.
        css.raw(".tdl-canvas [id]{position:relative;align-self:start}\n")
        // A column, so that the label's line box spans the button and `text-align` places it
        // on a side that does not turn over with the label's direction (`justify-content` would).
        css.raw(".tdl-button{display:flex;flex-direction:column;justify-content:center}\n")
    }

    /// The canvas's size, and its grid: with one, its height is a minimum, so that it grows
    /// with what its text needs.
    static func canvasBox(_ size: (width: Double, height: Double)?, grid: LineGrid?, into css: inout OutputBuffer) {
        guard let size else { return }
        css.raw(";width:"); CSSValues.length(size.width, into: &css)
        css.raw(grid == nil ? ";height:" : ";min-height:"); CSSValues.length(size.height, into: &css)
        if let grid { gridTemplate(grid, into: &css) }
    }

    /// A container's grid: fixed columns, rows that grow (`LineGrid`).
    static func gridTemplate(_ grid: LineGrid, into css: inout OutputBuffer) {
        css.raw(";display:grid;align-content:start;justify-content:start;grid-template-columns:")
        trackList(grid.columns, into: &css) { w, css in CSSValues.length(w, into: &css) }
        css.raw(";grid-template-rows:")
        trackList(grid.rows, into: &css) { h, css in
            css.raw("minmax("); CSSValues.length(h, into: &css); css.raw(",auto)")
        }
    }

    /// The longest period of tracks `trackList` looks for.
    static let longestRepeatedPeriod = 8

    /// Tracks of `sizes`, space-separated, each written by `track`; a run of a period of up to
    /// `longestRepeatedPeriod` tracks repeated is written once, `repeat(N,…)`, the same track
    /// list to CSS: the cards of a list, one period of rows, are not written once per card.
    /// Each track is at least 16 bytes (`calc(…)`), so a period written twice already costs
    /// more than `repeat(2,)`. Linear: from each start, each period is followed only as far as
    /// it repeats, and the longest run is then skipped.
    static func trackList(_ sizes: [Double], into css: inout OutputBuffer, track: (Double, inout OutputBuffer) -> Void) {
        var i = 0
        while i < sizes.count {
            if i > 0 { css.byte(0x20) }
            var period = 1, times = 1
            for p in 1...max(1, min(longestRepeatedPeriod, (sizes.count - i) / 2)) {
                var k = 1
                while i + (k + 1) * p <= sizes.count && (0..<p).allSatisfy({ sizes[i + k * p + $0] == sizes[i + $0] }) { k += 1 }
                if k > 1 && k * p > times * period { (period, times) = (p, k) }
            }
            if times > 1 { css.raw("repeat("); css.number(Double(times)); css.byte(0x2C) }
            for j in i..<(i + period) {
                if j > i { css.byte(0x20) }
                track(sizes[j], &css)
            }
            if times > 1 { css.byte(0x29) }
            i += times * period
        }
    }

    /// The rule that scales the canvas to the width the page has: the body's, a size
    /// container, so that `cqw` leaves out a vertical scrollbar, which `vw` counts (a canvas
    /// of 100vw scrolls sideways under it). Last in the style sheet: checkers that predate
    /// container units (the Nu HTML checker) stop reading the CSS at it.
    static func fitToWidth(_ item: ResolvedItem, into css: inout OutputBuffer) {
        guard let size = item.canvasSize, size.width > 0 else { return }
        css.raw("@supports (width:1cqw){body{container-type:inline-size}:root{--u:min(1px,100cqw/")
        css.number(size.width)
        css.raw(")}}\n")
    }

    /// How a link drawn as a button shows focus and hover, and keeps its shape in forced
    /// colours (Windows' contrast themes), where its background is replaced by the system's:
    /// a border in the system's button-text colour. Focus: a dark ring outside a light one,
    /// visible on any background. After `fitToWidth`, with it beyond what the Nu checker reads.
    static func interactionRules(into css: inout OutputBuffer) {
        css.raw(".tdl-canvas a:focus-visible{outline:2px solid #1A1A1A;outline-offset:2px;box-shadow:0 0 0 2px #FFFFFF}\n")
        css.raw(".tdl-canvas a:hover{text-decoration:underline}\n")
        css.raw("@media (forced-colors:active){.tdl-canvas a.tdl-button{border:1px solid ButtonText}}\n")
    }

    /// Where a component goes in its container.
    enum Placement {
        /// Absolutely, from the container's content box. `inset` is the container's padding:
        /// CSS places an absolutely positioned box from its container's padding edge, TDL from
        /// the content box (inside border and padding), so the padding is added.
        case absolute(inset: Double)
        /// In the one cell of a group sized by its members (`sizedByMembers`).
        case memberCell
        /// In its area of the container's `LineGrid`.
        case area(LineGrid.Area)

        /// The `index`th member's placement in a container with `grid` (nil: none).
        init(_ grid: LineGrid?, _ index: Int, inset: Double) {
            if let area = grid?.areas[index] { self = .area(area) } else { self = .absolute(inset: inset) }
        }
    }

    /// One component: its rules into `rules`, its markup into `body`. `lang` is the page's, for
    /// a video's captions. `shape` says where the CSS goes: rules (a page), or each element's
    /// `style` attribute, built in `scratch` (a fragment).
    static func element(_ e: ResolvedElement, placement: Placement, depth: Int, lang: String, shape: TemplateShape,
                        table t: inout PropertyTable, scratch: inout OutputBuffer, rules: inout PageRules,
                        body: inout OutputBuffer) {
        t.load(e)
        let grid = e.kindID == .group ? groupGrid(e, t) : nil
        // A page's video that plays by itself has a still twin, for readers who ask for less
        // motion (`motionRules`); a fragment, whose styles are inline, cannot ask.
        let twin = !shape.inlineStyles && hasStillTwin(e)
        var appearance: Int? = nil
        if shape.inlineStyles {
            scratch.removeAll()
            declarations(e, t, placement: placement, grid: grid, into: &scratch)
        } else {
            appearance = rule(e, t, placement: placement, grid: grid, twin: twin, scratch: &scratch, rules: &rules)
        }
        // ` id="…"`, a page's classes (a button's shape, the appearance), a fragment's ` style="…"`.
        func identity(_ body: inout OutputBuffer, suffix: StaticString = "", role: StaticString? = nil) {
            body.raw(" id=\""); body.attributeValue(shape.idPrefix); body.attributeValue(e.id); body.raw(suffix); body.byte(0x22)
            if shape.inlineStyles {
                body.raw(" style=\""); body.attributeValue(scratch); body.byte(0x22)
                return
            }
            let role = e.kindID == .button ? "tdl-button" : role
            guard role != nil || appearance != nil else { return }
            body.raw(" class=\"")
            if let role { body.raw(role) }
            if let appearance {
                if role != nil { body.byte(0x20) }
                AppearanceClasses.name(appearance, into: &body)
            }
            body.byte(0x22)
        }
        let clamp = e.kindID == .button ? t[.maxLines]?.number.map { $0.rounded() } : nil
        for _ in 0..<depth { body.raw("  ") }
        switch e.kindID {
        case .text, .textarea:
            let tag = headingTag(t[.heading]?.number) ?? "p"
            body.byte(0x3C); body.raw(tag); identity(&body); body.raw(" dir=\"auto\">")
            body.text(t[.text]?.string ?? "")
            body.raw("</"); body.raw(tag); body.raw(">\n")
        case .image:
            let alt = t[.alt]?.string ?? ""
            if let src = t[.src]?.string {
                body.raw("<img"); identity(&body); body.attribute("src", src); body.attribute("alt", alt)
                body.raw(">\n")
            } else {
                // No URL that may be emitted: an empty box that still carries the description.
                body.raw("<div"); identity(&body)
                if !alt.isEmpty { body.attribute("role", "img"); body.attribute("aria-label", alt) }
                body.raw("></div>\n")
            }
        case .button:
            let label = t[.label]?.string ?? ""
            // A button leads somewhere: a link drawn as a button, announced as the link it is.
            // Without a usable `action` it leads nowhere: its label is shown as text, not as a
            // control that does nothing when pressed (the validator warns, TDL315).
            if let action = t[.action]?.string {
                body.raw("<a"); identity(&body); body.raw(" dir=\"auto\"")
                body.attribute("href", action); body.byte(0x3E)
                writeLabel(label, clamp: clamp, inline: shape.inlineStyles, into: &body)
                body.raw("</a>\n")
            } else {
                body.raw("<p"); identity(&body); body.raw(" dir=\"auto\">")
                writeLabel(label, clamp: clamp, inline: shape.inlineStyles, into: &body)
                body.raw("</p>\n")
            }
        case .video:
            body.raw("<video"); identity(&body, role: twin ? "tdl-motion" : nil)
            writeVideo(t, lang: lang, still: false, into: &body)
            if twin {
                // The same video, paused until the reader starts it, with its controls: what a
                // reader who asks for less motion sees instead (it loads nothing until shown).
                // `ID.still`: no element's id has a `.` but `KIND.N`, so it is the twin's alone.
                for _ in 0..<depth { body.raw("  ") }
                body.raw("<video"); identity(&body, suffix: ".still", role: "tdl-still")
                writeVideo(t, lang: lang, still: true, into: &body)
            }
        case .divider:
            body.raw("<hr"); identity(&body); body.raw(">\n")
        case .group:
            body.raw("<div"); identity(&body); body.raw(">\n")
            let padding = t[.padding]?.number ?? 0
            let cell = sizedByMembers(t)
            for i in e.children.indices {
                element(e.children[i], placement: cell ? .memberCell : Placement(grid, i, inset: padding), depth: depth + 1, lang: lang,
                        shape: shape, table: &t, scratch: &scratch, rules: &rules, body: &body)
            }
            for _ in 0..<depth { body.raw("  ") }
            body.raw("</div>\n")
        default:
            break
        }
    }

    /// `h1`…`h6` for a heading level, nil for none (or a level outside 1…6, which the
    /// validator reports).
    static func headingTag(_ level: Double?) -> StaticString? {
        switch level {
        case 1?: return "h1"
        case 2?: return "h2"
        case 3?: return "h3"
        case 4?: return "h4"
        case 5?: return "h5"
        case 6?: return "h6"
        default: return nil
        }
    }

    /// A video's attributes after its id and classes, its captions, and its end tag. `still`:
    /// the twin of a video that plays by itself, which does not, shows its controls and
    /// loads nothing until it is shown.
    static func writeVideo(_ t: PropertyTable, lang: String, still: Bool, into body: inout OutputBuffer) {
        if let src = t[.src]?.string { body.attribute("src", src) }
        if let poster = t[.poster]?.string { body.attribute("poster", poster) }
        let controls = still || (t[.controls]?.bool ?? true)
        if controls { body.raw(" controls") }
        let autoplay = !still && (t[.autoplay]?.bool ?? false)
        if autoplay { body.raw(" autoplay") }
        if t[.muted]?.bool ?? false { body.raw(" muted") }
        if t[.loop]?.bool ?? false { body.raw(" loop") }
        if autoplay { body.raw(" playsinline") }
        if still { body.raw(" preload=\"none\"") }
        body.byte(0x3E)
        if let captions = t[.captions]?.string {
            body.raw("<track kind=\"captions\""); body.attribute("src", captions); body.attribute("srclang", lang)
            // Without controls nobody could switch them on.
            if !controls { body.raw(" default") }
            body.byte(0x3E)
        }
        body.raw("</video>\n")
    }

    /// Whether an element is a video that plays by itself, which a page doubles with a still
    /// twin (`writeVideo`, `motionRules`).
    static func hasStillTwin(_ e: ResolvedElement) -> Bool {
        e.kindID == .video && e[.autoplay]?.bool == true
    }

    /// Readers who ask for less motion (`prefers-reduced-motion`) see each video that plays by
    /// itself as its still twin: paused, with its controls. No script: the page swaps which
    /// of the two is shown. After `fitToWidth`, with the other rules the Nu checker need not read.
    static func motionRules(into css: inout OutputBuffer) {
        css.raw(".tdl-canvas .tdl-still{display:none}\n")
        css.raw("@media (prefers-reduced-motion:reduce){.tdl-canvas .tdl-motion{display:none}.tdl-canvas .tdl-still{display:block}}\n")
    }

    /// A button's label; with `max-lines` (`clamp`) in a span that the clamp applies to (a
    /// flex item cannot be clamped itself), styled by the page's `#id>span` rule or inline.
    static func writeLabel(_ text: String, clamp lines: Double?, inline: Bool, into body: inout OutputBuffer) {
        if let lines {
            body.raw("<span")
            if inline { body.raw(" style=\""); lineClamp(lines, into: &body); body.byte(0x22) }
            body.byte(0x3E)
        }
        body.text(text)
        if lines != nil { body.raw("</span>") }
    }

    /// The declarations that cut text after `lines` lines.
    static func lineClamp(_ lines: Double, into css: inout OutputBuffer) {
        css.raw("display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:")
        css.number(lines)
        css.raw(";overflow:hidden")
    }

    /// The grid of a group with a size (`LineGrid`) in its content box; nil for a group sized
    /// by its members, which is one cell. `t` holds the group.
    static func groupGrid(_ e: ResolvedElement, _ t: PropertyTable) -> LineGrid? {
        guard !sizedByMembers(t), !e.children.isEmpty else { return nil }
        var width = t[.width]?.number, height = t[.height]?.number
        if let size = t[.size]?.size { width = size.width; height = size.height }
        let inset = (t[.padding]?.number ?? 0) + (t[.borderWidth]?.number ?? 0)
        guard let width, let height, let box = e.box else { return nil }
        return LineGrid(members: e.children, origin: (box.x + inset, box.y + inset), width: width - 2 * inset, height: height - 2 * inset)
    }

    /// Whether a divider's rule can be its box's top border: the box is as tall as the rule
    /// and has no background, border, padding or corner radius of its own.
    static func ruleIsTheBox(_ t: PropertyTable, height: Double?, thickness: Double) -> Bool {
        guard let height, abs(height - thickness) < 0.00005 else { return false }
        return t[.background] == nil && (t[.borderWidth]?.number ?? 0) <= 0 && (t[.padding]?.number ?? 0) <= 0
            && (t[.cornerRadius]?.number ?? 0) <= 0
    }

    /// Whether a group is sized by its members: it lacks `size` and `width` or `height`.
    static func sizedByMembers(_ t: PropertyTable) -> Bool {
        t[.size] == nil && (t[.width] == nil || t[.height] == nil)
    }

    /// A page's rules for one element: its `#id` rule (where it is; hidden), shared with a
    /// still `twin` (`hasStillTwin`), and a clamped button's `#id>span`, into `rules.ids`
    /// (`IdRules`); returns its appearance class (`AppearanceClasses`), nil when it has none.
    static func rule(_ e: ResolvedElement, _ t: PropertyTable, placement: Placement, grid: LineGrid?, twin: Bool,
                     scratch: inout OutputBuffer, rules: inout PageRules) -> Int? {
        scratch.removeAll()
        placementDeclarations(e, t, placement: placement, grid: grid, inline: false, into: &scratch)
        if t[.visible]?.bool == false { scratch.raw(";display:none") }
        if twin { rules.hasStillTwins = true }
        rules.ids.add(scratch) { selectors in
            CSSValues.idSelector(e.id, into: &selectors)
            if twin {
                selectors.byte(0x2C)
                CSSValues.idSelector(e.id + ".still", into: &selectors)
            }
        }
        if e.kindID == .button, let lines = t[.maxLines]?.number {
            scratch.removeAll()
            lineClamp(lines.rounded(), into: &scratch)
            rules.ids.add(scratch) { selectors in
                CSSValues.idSelector(e.id, into: &selectors)
                selectors.raw(">span")
            }
        }
        scratch.removeAll()
        appearanceDeclarations(e, t, grid: grid, into: &scratch)
        return scratch.isEmpty ? nil : rules.classes.index(of: scratch)
    }

    /// One element's declarations, `;`-separated, for its `style` attribute in a fragment,
    /// where no shared rule sets what the page's base rules do (`FragmentRules`). `grid`: the
    /// element's own grid, a group's with a size.
    static func declarations(_ e: ResolvedElement, _ t: PropertyTable, placement: Placement, grid: LineGrid?,
                             into css: inout OutputBuffer) {
        FragmentRules.elementBase(e.kindID, into: &css)
        placementDeclarations(e, t, placement: placement, grid: grid, inline: true, into: &css)
        appearanceDeclarations(e, t, grid: grid, into: &css)
        if t[.visible]?.bool == false { css.raw(";display:none") }
    }

    /// The outer height of an element, as designed (a divider's defaults to its rule).
    static func designedHeight(_ e: ResolvedElement, _ t: PropertyTable) -> Double? {
        if let size = t[.size]?.size { return size.height }
        if let height = t[.height]?.number { return height }
        return e.kindID == .divider ? t[.thickness]?.number ?? 1 : nil
    }

    /// Where an element sits and how large it is: what no other element shares. `inline`:
    /// for a fragment, which has no `.tdl-canvas [id]` rule to say `position` and `align-self`.
    static func placementDeclarations(_ e: ResolvedElement, _ t: PropertyTable, placement: Placement, grid: LineGrid?,
                                      inline: Bool, into css: inout OutputBuffer) {
        let at = t[.at]?.point ?? (0, 0)
        var width = t[.width]?.number
        if let size = t[.size]?.size { width = size.width }
        let height = designedHeight(e, t)
        switch placement {
        case .area(let area):
            // It sits at the top of its rows, which grow with it, as wide as its columns; a
            // video or an image is given its width, or it would take its aspect ratio's.
            if inline { css.raw("position:relative;align-self:start;") }
            css.raw("grid-area:")
            css.number(Double(area.row)); css.byte(0x2F); css.number(Double(area.column))
            // One row and one column is what `grid-area:R/C` spans already.
            if area.rowEnd != area.row + 1 || area.columnEnd != area.column + 1 {
                css.byte(0x2F); css.number(Double(area.rowEnd)); css.byte(0x2F); css.number(Double(area.columnEnd))
            }
            if e.kindID != .image && e.kindID != .video { width = nil }
        case .memberCell:
            // A member of a group sized by its members. An absolutely placed box takes no room,
            // so members share the group's one grid cell, offset by margins from its content
            // box: the group grows to their union (negative offsets stick out; transforms
            // such as `rotation` do not change the room a box takes).
            css.raw("position:relative;grid-area:1/1;justify-self:start;align-self:start")
            css.raw(";margin-left:"); CSSValues.length(at.x, into: &css)
            css.raw(";margin-top:"); CSSValues.length(at.y, into: &css)
        case .absolute(let inset):
            css.raw("position:absolute")
            css.raw(";left:"); CSSValues.length(at.x + inset, into: &css)
            css.raw(";top:"); CSSValues.length(at.y + inset, into: &css)
        }
        if let width { css.raw(";width:"); CSSValues.length(width, into: &css) }
        // A box that holds text, or a grid whose rows grow, grows with what it holds.
        let grows = e.kindID == .text || e.kindID == .textarea || e.kindID == .button || grid != nil
        if let height { css.raw(grows ? ";min-height:" : ";height:"); CSSValues.length(height, into: &css) }
        if e.kindID == .group && grid == nil && sizedByMembers(t) { css.raw(";display:grid") }
    }

    /// How an element looks: what the elements of one style share. Each declaration starts
    /// with `;`. A page writes each distinct list once, as a class (`AppearanceClasses`).
    /// A sized group's grid is here too: groups laid out alike share it.
    static func appearanceDeclarations(_ e: ResolvedElement, _ t: PropertyTable, grid: LineGrid?, into css: inout OutputBuffer) {
        let height = designedHeight(e, t)
        if let grid { gridTemplate(grid, into: &css) }
        if let z = t[.z]?.number, z != 0 { css.raw(";z-index:"); css.number(z.rounded()) }
        if let opacity = t[.opacity]?.number, opacity != 1 { css.raw(";opacity:"); css.number(opacity) }
        if let rotation = t[.rotation]?.number, rotation != 0 {
            css.raw(";transform:rotate("); css.number(rotation); css.raw("deg)")
        }
        if let background = t[.background]?.color { css.raw(";background-color:"); CSSValues.color(background, into: &css) }
        if let border = t[.borderWidth]?.number, border > 0 {
            css.raw(";border:"); CSSValues.length(border, into: &css); css.raw(" solid ")
            CSSValues.color(t[.borderColor]?.color ?? RGBAColor(red: 0, green: 0, blue: 0), into: &css)
        }
        if let radius = t[.cornerRadius]?.number, radius > 0 { css.raw(";border-radius:"); CSSValues.length(radius, into: &css) }
        if let padding = t[.padding]?.number, padding > 0 { css.raw(";padding:"); CSSValues.length(padding, into: &css) }
        switch e.kindID {
        case .text, .textarea, .button:
            textRules(e, t, css: &css)
        case .image:
            css.raw(";object-fit:"); css.raw(CSSValues.objectFit(t[.fit]?.string))
        case .divider:
            if let thickness = t[.thickness]?.number, thickness > 0 {
                let c = t[.color]?.color ?? RGBAColor(red: 0xCC, green: 0xCC, blue: 0xCC)
                if ruleIsTheBox(t, height: height, thickness: thickness) {
                    // The common divider, as tall as its rule: the rule is the box's top
                    // border, which prints (backgrounds do not, by default) and which forced
                    // colours keep, in the system's text colour.
                    css.raw(";border-top:"); CSSValues.length(thickness, into: &css); css.raw(" solid ")
                    CSSValues.color(c, into: &css)
                } else {
                    // A taller box, or one with a background or border of its own: the rule is
                    // a strip across it, centred vertically, leaving the box's own background
                    // and border free. Printed as drawn; kept as designed in forced colours,
                    // which would drop a gradient.
                    css.raw(";background-image:linear-gradient(")
                    CSSValues.color(c, into: &css); css.byte(0x2C); CSSValues.color(c, into: &css)
                    css.raw(");background-repeat:no-repeat;background-position:0 50%;background-size:100% ")
                    CSSValues.length(thickness, into: &css)
                    css.raw(";-webkit-print-color-adjust:exact;print-color-adjust:exact;forced-color-adjust:none")
                }
            }
        default:
            break
        }
    }

    /// A font size of `px` canvas px: scaled with the canvas (`--u`), but never below three
    /// quarters of what `px` is in the reader's default font size (`--t`, in `rem`): on a
    /// canvas scaled down to a phone, and when the reader asks for larger text (a larger
    /// default font size, or zoom where the canvas fits the window), text stays readable and
    /// grows, and the boxes that hold it grow with it (`LineGrid`).
    static func fontSize(_ px: Double, into css: inout OutputBuffer) {
        guard px.isFinite, px > 0 else { css.byte(0x30); return }
        css.raw("max("); css.number(px); css.raw("*var(--u),"); css.number(px); css.raw("*var(--t))")
    }

    static func textRules(_ e: ResolvedElement, _ t: PropertyTable, css: inout OutputBuffer) {
        if case .font(let family, _)? = t[.font] {
            css.raw(";font-family:"); css.raw(t.fontFamilyCSS(family))
        }
        css.raw(";font-size:"); fontSize(t[.fontSize]?.number ?? 16, into: &css)
        CSSValues.textLook(kind: e.kindID, lineHeight: t[.lineHeight]?.number, { t[$0] }, into: &css)
        if e.kindID != .button, let lines = t[.maxLines]?.number {
            css.byte(0x3B)
            lineClamp(lines.rounded(), into: &css)
        }
    }
}
