import ProjectModel
import TemplateFormat
import Validator

extension ResolvedDocument {
    /// The templates and annotation sets of a document, by name and kind, in source order.
    public static func items(in tree: SyntaxTree) -> [(name: String, kind: ResolvedItem.Kind)] {
        var seen: Set<String> = []
        var result: [(String, ResolvedItem.Kind)] = []
        for block in tree.document.blocks {
            guard let name = block.name, !seen.contains(name),
                  let kind = ResolvedItem.Kind(rawValue: block.kind) else { continue }
            seen.insert(name)
            result.append((name, kind))
        }
        return result
    }

    /// Resolves a document's templates and annotation sets: styles along their chains
    /// (imports read through `loader`, as the validator reads them), schema defaults,
    /// parameters from their defaults or from `data`, ids, auto-numbering and group offsets.
    ///
    /// - Parameters:
    ///   - only: the names of the items to resolve, in any order (nil: every item). Unknown
    ///     names are ignored; the result keeps source order.
    ///   - data: parameter values; a key no resolved template declares is a warning, a value
    ///     of another type than the parameter's default an error (both in `issues`).
    public static func resolve(_ tree: SyntaxTree, path: String? = nil, loader: ImportLoader? = nil,
                               data: [String: ParamValue] = [:], only: [String]? = nil) -> ResolvedDocument {
        let file = path.map { ProjectFile(path: $0, tree: tree) } ?? ProjectFile(unsaved: "<document>", tree: tree)
        let project = Project(files: [file], loader: loader.map { ProjectLoader($0) })
        return resolve(file, in: project, data: data, only: only)
    }

    /// `resolve(_:path:loader:data:only:)` for a file of a project: its styles are those of
    /// its scope there (`Project.scope(of:)`), as the validator sees them.
    public static func resolve(_ file: ProjectFile, in project: Project,
                               data: [String: ParamValue] = [:], only: [String]? = nil) -> ResolvedDocument {
        let tree = file.tree
        var resolver = Resolver(tree: tree, scope: project.scope(of: file.path))
        let wanted = only.map(Set.init)
        var items: [ResolvedItem] = []
        var declared: [[ResolvedParameter]] = []
        var seen: Set<String> = []
        var declaredFaces: [FontFaceDeclaration]? = nil  // read once, for the first template
        for block in tree.document.blocks {
            guard let name = block.name, !seen.contains(name) else { continue }
            guard block.kindID == .template || block.kindID == .annotations else { continue }
            seen.insert(name)
            if let wanted, !wanted.contains(name) { continue }
            if block.kindID == .template {
                let params = ParameterBinding.declared(in: block)
                declared.append(params)
                let bound = ParameterBinding.bind(params, data: data, template: name, issues: &resolver.issues)
                var item = resolver.template(block, name: name, parameters: bound)
                if declaredFaces == nil { declaredFaces = PageFontFaces.declared(in: resolver.scope) }
                item.fontFaces = PageFontFaces.used(by: item.children, among: declaredFaces ?? [])
                items.append(item)
            } else {
                items.append(resolver.annotations(block, name: name))
            }
        }
        let unknown = ParameterBinding.unknownKeys(data, declared: declared)
        return ResolvedDocument(items: items, issues: unknown + resolver.issues)
    }
}

/// What the resolver needs about one kind, computed once per export.
final class KindPlan {
    let schema: KindSchema
    let keys: [PropertyKey?]
    let names: [String]
    let fields: [Field]
    /// The fixed defaults, aligned with the schema's properties.
    let defaults: [ResolvedValue?]
    /// The same defaults as a shared list for the elements.
    let shared: KindDefaults
    let indexByName: [String: Int]
    /// Property names as bytes, to find a key in the source without making a string.
    let nameBytes: [[UInt8]]
    let styleIndex: Int?
    let fontIndex: Int?
    let weightIndex: Int?
    let alignIndex: Int?
    let sizeIndex: Int?
    let widthIndex: Int?
    let heightIndex: Int?
    let backgroundIndex: Int?
    /// A label's `fill`, which `PropertySpellings` folds into its `background`.
    let labelFillIndex: Int?
    /// Per style name: the values the style's chain supplies to this kind (decoded with its
    /// types and ranges) as (property index, value); filled by `Resolver.styleValues`, so
    /// each style is read once per kind (an unknown name gives none).
    var styleValues: [String: [(Int, PendingValue)]] = [:]

    init(_ schema: KindSchema) {
        self.schema = schema
        keys = schema.properties.map { PropertyKey.named($0.name) }
        fields = schema.properties.map(Field.init)
        names = schema.properties.map(\.name)
        let table = ValueDecoder.defaults[schema.name] ?? [:]
        defaults = schema.properties.map { table[$0.name] }
        var list: [ResolvedProperty] = []
        for (i, p) in schema.properties.enumerated() {
            if let v = table[p.name] { list.append(ResolvedProperty(key: p.name, id: keys[i], order: i, value: v)) }
        }
        shared = KindDefaults(list)
        var index: [String: Int] = [:]
        for (i, p) in schema.properties.enumerated() where index[p.name] == nil { index[p.name] = i }
        indexByName = index
        nameBytes = schema.properties.map { Array($0.name.utf8) }
        styleIndex = index["style"]
        fontIndex = index["font"]
        weightIndex = index["font-weight"]
        alignIndex = index["align"]
        sizeIndex = index["size"]
        widthIndex = index["width"]
        heightIndex = index["height"]
        backgroundIndex = index["background"]
        labelFillIndex = KindID(schema) == .label ? index["fill"] : nil
    }

    func index(_ key: PropertyKey) -> Int? {
        for (i, k) in keys.enumerated() where k == key { return i }
        return nil
    }

    /// The property whose name is `bytes[start..<end]` (the first, should a name repeat).
    func index(bytes: [UInt8], start: Int, end: Int) -> Int? {
        let length = end - start
        guard length > 0 else { return nil }
        let first = bytes[start]
        for i in nameBytes.indices {
            let name = nameBytes[i]
            guard name.count == length, name[0] == first else { continue }
            var k = 1
            while k < length && name[k] == bytes[start + k] { k += 1 }
            if k == length { return i }
        }
        return nil
    }
}

/// Builds the resolved model from a syntax tree. Reads styles the way the validator does,
/// from the file's `StyleScope`: an element's own property, else its style's, else that
/// style's style's, and so on.
struct Resolver {
    let tree: SyntaxTree
    /// The styles the document sees, as the validator reads them.
    let scope: StyleScope
    var plans: [String: KindPlan] = [:]
    var issues: [ExportIssue] = []
    /// The parameters of the template being resolved whose value comes from the data.
    var dataParameters: Set<String> = []
    /// The explicit properties of the item being resolved, flat (see `PropertyStore`).
    var propertyList: [ResolvedProperty] = []
    var propertyIDs: [PropertyKey?] = []
    /// The direction of the item being resolved (its `lang`), which places `align: start`.
    var direction = TextDirection.leftToRight

    /// Appends an element's values to the flat list and returns their range.
    mutating func store(_ slots: Slots, _ plan: KindPlan) -> Range<Int> {
        let start = propertyList.count
        for (i, v) in slots.entries {
            propertyList.append(ResolvedProperty(key: plan.names[i], id: plan.keys[i], order: i, value: v))
            propertyIDs.append(plan.keys[i])
        }
        return start..<propertyList.count
    }

    /// Hands the flat list to the elements of one item and starts a new one.
    mutating func finish(_ elements: inout [ResolvedElement]) {
        let store = PropertyStore(list: propertyList, ids: propertyIDs)
        propertyList = []
        propertyIDs = []
        IDAssigner.assign(&elements, store: store)
    }

    init(tree: SyntaxTree, scope: StyleScope) {
        self.tree = tree
        self.scope = scope
    }

    /// The plan of a kind that may appear in `placement`, or nil.
    mutating func plan(_ kind: String, in placement: Placement) -> KindPlan? {
        if let plan = plans[kind] { return plan.schema.allowedIn.contains(placement) ? plan : nil }
        guard let schema = Schema.kind(kind) else { return nil }
        let plan = KindPlan(schema)
        plans[kind] = plan
        return schema.allowedIn.contains(placement) ? plan : nil
    }

    /// The values a style's chain supplies to a kind: its own properties first, then along
    /// its chain (a cycle stops it). Properties the kind does not take are left out.
    mutating func styleValues(_ name: String, plan: KindPlan) -> [(Int, PendingValue)] {
        if let cached = plan.styleValues[name] { return cached }
        var result: [(Int, PendingValue)] = []
        var settled = [Bool](repeating: false, count: plan.keys.count)
        for definition in scope.chain(from: name) {
            let n = definition.name
            for p in definition.block.properties {
                guard let i = plan.indexByName[p.key], !settled[i], i != plan.styleIndex else { continue }
                switch ValueDecoder.decode(AtomList(p), as: plan.fields[i]) {
                case .success(let v)?:
                    result.append((i, v))
                    settled[i] = true
                case .failure(let refused)?:
                    refusedURL(p.key, refused, owner: "style `\(n)`")
                    settled[i] = true
                case nil:
                    continue
                }
            }
        }
        plan.styleValues[name] = result
        return result
    }

    mutating func refusedURL(_ key: String, _ refused: ValueDecoder.RefusedURL, owner: String) {
        issues.append(ExportIssue(
            severity: .warning, kind: .droppedURL,
            message: "`\(key)` of \(owner) uses a `\(refused.scheme):` URL; only http, https, mailto and relative URLs are exported, so it is left out"))
    }

    // MARK: Properties

    /// The values an element sets itself or through its style chain (the defaults are not
    /// filled in).
    mutating func values(of block: BlockSyntax, plan: KindPlan, parameters: [String: String],
                         owner: @autoclosure () -> String) -> Slots {
        var slots = Slots()
        var own: UInt64 = 0
        var styleName: String? = nil
        let bytes = block.tree.bytes
        for property in block.properties {
            let key = property.keyToken
            guard let i = plan.index(bytes: bytes, start: key.start, end: key.end), i < 64,
                  own & (1 << UInt64(i)) == 0 else { continue }
            if i == plan.styleIndex {
                own |= 1 << UInt64(i)
                if let atom = property.firstAtom, atom.kind == .identifier { styleName = atom.text }
                continue
            }
            switch ValueDecoder.decode(AtomList(property), as: plan.fields[i]) {
            case .success(let pending)?:
                if let v = filled(pending, parameters, owner: owner) { slots.append(i, v) }
                own |= 1 << UInt64(i)
            case .failure(let refused)?:
                refusedURL(property.key, refused, owner: owner())
                own |= 1 << UInt64(i)
            case nil:
                continue  // not a valid value: the style's or the default stands
            }
        }
        if let styleName {
            for (i, pending) in styleValues(styleName, plan: plan) where own & (1 << UInt64(i)) == 0 {
                if let v = filled(pending, parameters, owner: owner) { slots.append(i, v) }
            }
        }
        slots.sort()
        // One value per property where two spellings set the same thing.
        PropertySpellings.settle(&slots, plan)
        // `start` and `end`, written or by default, become the sides they are in this item's
        // direction, so that renderers and the JSON model see `left` or `right`.
        if let a = plan.alignIndex, case .keyword(let side)? = slots[a] ?? plan.defaults[a], side == "start" || side == "end" {
            slots[a] = .keyword((side == "start") == (direction == .leftToRight) ? "left" : "right")
        }
        return slots
    }

    /// The direction of a template's or set's text, from its `lang`.
    static func direction(_ values: Slots, _ plan: KindPlan) -> TextDirection {
        guard let i = plan.index(.lang), let tag = (values[i] ?? plan.defaults[i])?.string else { return .leftToRight }
        return TextDirection(languageTag: tag)
    }

    /// A decoded value with the parameters filled in. A URL that they make one `URLPolicy`
    /// refuses is left out (nil) and reported.
    mutating func filled(_ pending: PendingValue, _ parameters: [String: String], owner: () -> String) -> ResolvedValue? {
        switch Resolver.value(pending, parameters) {
        case .success(let v):
            return v
        case .failure(let refused):
            guard case .url(let segments, let key) = pending else { return nil }
            let fromData = segments.contains { if case .parameter(let name) = $0 { return dataParameters.contains(name) } else { return false } }
            if fromData {
                issues.append(ExportIssue(
                    severity: refused.isDangerous ? .error : .warning, kind: .refusedURLFromData,
                    message: refused.isDangerous
                        ? "with the data's parameter values, `\(key)` of \(owner()) becomes a `\(refused.scheme):` URL, which can run script or embed content; such URLs are never exported"
                        : "with the data's parameter values, `\(key)` of \(owner()) becomes a `\(refused.scheme):` URL; only http, https, mailto and relative URLs are exported, so it is left out"))
            } else {
                refusedURL(key, refused, owner: owner())  // the validator reports it with the defaults
            }
            return nil
        }
    }

    /// The value with its parameters filled in: as they are in text, percent-encoded in a
    /// URL (`URLPolicy.parameterEncoded`), which is then judged as a whole.
    static func value(_ pending: PendingValue, _ parameters: [String: String]) -> Result<ResolvedValue, ValueDecoder.RefusedURL> {
        switch pending {
        case .ready(let v): return .success(v)
        case .text(let segments): return .success(.string(substitute(segments, parameters)))
        case .url(let segments, let key):
            return ValueDecoder.url(substitute(segments, parameters, encode: URLPolicy.parameterEncoded), key: key)
        }
    }

    /// The segments joined, each parameter replaced by `encode` of its value; an undeclared
    /// one stays as written, `{{name}}`.
    static func substitute(_ segments: [TextSegment], _ parameters: [String: String],
                           encode: (String) -> String = { $0 }) -> String {
        if segments.count == 1, case .literal(let s) = segments[0] { return s }
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let s): out += s
            case .parameter(let name): out += parameters[name].map(encode) ?? "{{\(name)}}"
            }
        }
        return out
    }

    /// The values as properties, in schema order.
    static func compact(_ slots: Slots, _ plan: KindPlan) -> [ResolvedProperty] {
        var out: [ResolvedProperty] = []
        out.reserveCapacity(slots.entries.count)
        for (i, v) in slots.entries {
            out.append(ResolvedProperty(key: plan.names[i], id: plan.keys[i], order: i, value: v))
        }
        return out
    }

    /// Values with the defaults filled in, as properties (for templates and sets).
    static func withDefaults(_ slots: Slots, _ plan: KindPlan) -> [ResolvedProperty] {
        var all = slots
        for (i, d) in plan.defaults.enumerated() where all[i] == nil {
            if let d { all[i] = d }
        }
        return compact(all, plan)
    }

    static func describe(_ block: BlockSyntax) -> String {
        "`\(block.kind)\(block.name.map { " " + $0 } ?? "")`"
    }

    // MARK: Templates

    mutating func template(_ block: BlockSyntax, name: String, parameters: [ResolvedParameter]) -> ResolvedItem {
        let plan = plan("template", in: .topLevel)!
        var table: [String: String] = [:]
        for p in parameters { table[p.name] = p.text }
        dataParameters = Set(parameters.filter(\.fromData).map(\.name))
        var values = values(of: block, plan: plan, parameters: table, owner: "template `\(name)`")
        direction = Resolver.direction(values, plan)
        if let i = plan.index(.size), values[i] == nil,
           let d = plan.index(.device), case .keyword(let device)? = values[d],
           let preset = Schema.device(device) {
            values[i] = .size(width: Double(preset.width), height: Double(preset.height))
        }
        var children = components(block.blocks, placement: .template, parameters: table, origin: (0, 0)).elements
        finish(&children)
        return ResolvedItem(kind: .template, name: name, title: block.title, parameters: parameters,
                            properties: Resolver.withDefaults(values, plan), children: children)
    }

    /// The components among `blocks`, placed from `origin`, and how far right and down the
    /// shown ones reach (nil where one of them has its natural size, which only rendering
    /// knows): what sizes a group without `size` (docs/LANGUAGE.md, Boxes and groups).
    mutating func components(_ blocks: [BlockSyntax], placement: Placement, parameters: [String: String],
                             origin: (Double, Double)) -> (elements: [ResolvedElement], right: Double?, bottom: Double?) {
        var result: [ResolvedElement] = []
        result.reserveCapacity(blocks.count)
        var right: Double? = origin.0, bottom: Double? = origin.1
        for block in blocks {
            guard let plan = plan(block.kind, in: placement), plan.schema.isComponent else { continue }
            let values = values(of: block, plan: plan, parameters: parameters, owner: Resolver.describe(block))
            func value(_ key: PropertyKey) -> ResolvedValue? { plan.index(key).flatMap { values[$0] ?? plan.defaults[$0] } }
            let at = value(.at)?.point ?? (0, 0)
            var box = ResolvedBox(x: origin.0 + at.x, y: origin.1 + at.y)
            if let size = value(.size)?.size {
                box.width = size.width
                box.height = size.height
            }
            if let w = value(.width)?.number { box.width = w }
            if let h = value(.height)?.number { box.height = h }
            // A divider without a height is as high as its rule (as `TemplateHTML` draws it).
            if KindID(plan.schema) == .divider && box.height == nil { box.height = value(.thickness)?.number ?? 1 }
            var children: [ResolvedElement] = []
            if let childPlacement = plan.schema.childPlacement {
                let inset = (value(.borderWidth)?.number ?? 0) + (value(.padding)?.number ?? 0)
                let members = components(block.blocks, placement: childPlacement, parameters: parameters,
                                         origin: (box.x + inset, box.y + inset))
                children = members.elements
                // Without `size`: the members' extent plus padding and border on both sides.
                if box.width == nil { box.width = members.right.map { $0 - box.x + inset } }
                if box.height == nil { box.height = members.bottom.map { $0 - box.y + inset } }
            }
            if value(.visible)?.bool != false {
                right = right.flatMap { r in box.width.map { max(r, box.x + $0) } }
                bottom = bottom.flatMap { b in box.height.map { max(b, box.y + $0) } }
            }
            result.append(ResolvedElement(kind: plan.schema.name, name: block.name, range: store(values, plan),
                                          defaults: plan.shared, children: children, box: box))
        }
        return (result, right, bottom)
    }

    // MARK: Annotation sets

    mutating func annotations(_ block: BlockSyntax, name: String) -> ResolvedItem {
        let setPlan = plan("annotations", in: .topLevel)!
        dataParameters = []  // sets have no parameters: `{{name}}` stays as written
        let values = values(of: block, plan: setPlan, parameters: [:], owner: "annotation set `\(name)`")
        direction = Resolver.direction(values, setPlan)
        var children: [ResolvedElement] = []
        var previousNumber = 0
        for child in block.blocks {
            guard let plan = plan(child.kind, in: .annotations), plan.schema.isAnnotationElement else { continue }
            var v = self.values(of: child, plan: plan, parameters: [:], owner: Resolver.describe(child))
            switch KindID(plan.schema) {
            case .line, .arrow:
                // `fill` defaults to the stroke colour.
                if let f = plan.index(.fill), let s = plan.index(.stroke), v[f] == nil { v[f] = v[s] ?? plan.defaults[s] }
            case .number:
                if let i = plan.index(.value) {
                    if case .integer(let n)? = v[i] {
                        previousNumber = n
                    } else {
                        previousNumber += 1
                        v[i] = .integer(previousNumber)
                    }
                }
                // The box defaults to a square of side 2 × radius.
                if let s = plan.index(.size), v[s] == nil, let r = plan.index(.radius),
                   let radius = (v[r] ?? plan.defaults[r])?.number {
                    v[s] = .size(width: 2 * radius, height: 2 * radius)
                }
            default:
                break
            }
            children.append(ResolvedElement(kind: plan.schema.name, name: child.name, range: store(v, plan),
                                            defaults: plan.shared, children: [], box: nil))
        }
        finish(&children)
        return ResolvedItem(kind: .annotations, name: name, title: block.title, parameters: [],
                            properties: Resolver.withDefaults(values, setPlan), children: children)
    }
}

/// The values of one element by schema position, kept as a short list sorted by position
/// (an element sets a handful of its two dozen properties).
struct Slots {
    private(set) var entries: [(Int, ResolvedValue)]

    init() {
        entries = []
        entries.reserveCapacity(12)
    }

    mutating func append(_ i: Int, _ v: ResolvedValue) { entries.append((i, v)) }

    /// Sorts by position (insertion sort: the list is short and nearly sorted).
    mutating func sort() {
        guard entries.count > 1 else { return }
        for k in 1..<entries.count {
            var j = k
            while j > 0 && entries[j - 1].0 > entries[j].0 {
                entries.swapAt(j - 1, j)
                j -= 1
            }
        }
    }

    subscript(_ i: Int) -> ResolvedValue? {
        get {
            for e in entries where e.0 == i { return e.1 }
            return nil
        }
        set {
            if let k = entries.firstIndex(where: { $0.0 == i }) {
                if let newValue { entries[k].1 = newValue } else { entries.remove(at: k) }
            } else if let newValue {
                let k = entries.firstIndex(where: { $0.0 > i }) ?? entries.count
                entries.insert((i, newValue), at: k)
            }
        }
    }
}

/// Gives every element of one template or set a unique id: named elements first (names
/// joined along named groups with `-`), then unnamed ones (`KIND.N`).
enum IDAssigner {
    static func assign(_ elements: inout [ResolvedElement], store: PropertyStore) {
        let count = attach(&elements, store)
        var used: Set<String> = []
        used.reserveCapacity(count)  // grown step by step, the set would hash every id again each time
        named(&elements, prefix: nil, used: &used)
        var counters: [String: Int] = [:]
        unnamed(&elements, used: &used, counters: &counters)
    }

    /// Hands every element the item's property store; returns how many elements there are.
    private static func attach(_ elements: inout [ResolvedElement], _ store: PropertyStore) -> Int {
        var count = elements.count
        for i in elements.indices {
            elements[i].store = store
            if !elements[i].children.isEmpty { count += attach(&elements[i].children, store) }
        }
        return count
    }

    private static func named(_ elements: inout [ResolvedElement], prefix: String?, used: inout Set<String>) {
        for i in elements.indices {
            var childPrefix = prefix
            // Names are identifier tokens, so they never hold `.`, which generated ids use.
            if let name = elements[i].name {
                let joined = prefix.map { $0 + "-" + name } ?? name
                var id = joined
                var n = 2
                while !used.insert(id).inserted {
                    id = joined + "." + String(n)
                    n += 1
                }
                elements[i].id = id
                childPrefix = joined
            }
            if !elements[i].children.isEmpty {
                named(&elements[i].children, prefix: childPrefix, used: &used)
            }
        }
    }

    private static func unnamed(_ elements: inout [ResolvedElement], used: inout Set<String>, counters: inout [String: Int]) {
        for i in elements.indices {
            if elements[i].id.isEmpty {
                let kind = elements[i].kind
                var n = counters[kind, default: 0]
                var id: String
                repeat {
                    n += 1
                    id = kind + "." + String(n)
                } while used.contains(id)
                counters[kind] = n
                used.insert(id)
                elements[i].id = id
            }
            if !elements[i].children.isEmpty {
                unnamed(&elements[i].children, used: &used, counters: &counters)
            }
        }
    }
}
