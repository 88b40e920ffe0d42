import XCTest
import TemplateFormat
import Validator

/// Holds the schema table to the design (docs/LANGUAGE.md) and to itself: every kind present,
/// every default a valid value of its type and range, cross-references that resolve.
final class SchemaTests: XCTestCase {

    // MARK: Kinds

    private let componentNames = ["text", "textarea", "image", "button", "video", "divider", "group"]
    private let elementNames = ["rect", "ellipse", "line", "arrow", "label", "number", "highlight", "blur"]

    func testEveryKindOfTheDesignIsPresent() throws {
        let expected: [(String, KindSchema.Role, [Placement])] =
            [("format", .directive, [.topLevel]), ("import", .directive, [.topLevel]),
             ("style", .definition, [.topLevel]), ("font-face", .definition, [.topLevel]), ("template", .definition, [.topLevel]),
             ("annotations", .definition, [.topLevel]), ("params", .parameters, [.template])]
            + componentNames.map { ($0, .component, [.template, .group]) }
            + elementNames.map { ($0, .annotationElement, [.annotations]) }
        for (name, role, placements) in expected {
            let kind = try XCTUnwrap(Schema.kind(name), "missing kind \(name)")
            XCTAssertEqual(kind.name, name)
            XCTAssertEqual(kind.role, role, name)
            XCTAssertEqual(Set(kind.allowedIn), Set(placements), name)
        }
        XCTAssertEqual(Set(Schema.kinds.map(\.name)), Set(expected.map(\.0)), "the table has kinds the design does not")
        XCTAssertNil(Schema.kind("Text"), "kind names are case-sensitive")
        XCTAssertNil(Schema.kind("paragraph"))
    }

    /// Each `KindID` constant names its own kind of the table, every kind has one, and a
    /// name or block the schema does not know is `.unknown`.
    func testKindIDsAreTheTablesKinds() throws {
        let constants: [(KindID, String)] = [
            (.format, "format"), (.import, "import"), (.style, "style"), (.fontFace, "font-face"), (.template, "template"), (.params, "params"),
            (.text, "text"), (.textarea, "textarea"), (.image, "image"), (.button, "button"), (.video, "video"),
            (.divider, "divider"), (.group, "group"), (.annotations, "annotations"), (.rect, "rect"),
            (.ellipse, "ellipse"), (.line, "line"), (.arrow, "arrow"), (.label, "label"), (.number, "number"),
            (.highlight, "highlight"), (.blur, "blur"),
        ]
        XCTAssertEqual(Set(constants.map(\.1)), Set(Schema.kinds.map(\.name)), "a kind without a constant, or a constant without a kind")
        XCTAssertEqual(Set(constants.map(\.0)).count, constants.count)
        for (id, name) in constants {
            XCTAssertEqual(id.schema?.name, name)
            XCTAssertEqual(KindID(name), id)
            XCTAssertEqual(Schema.kind(name).map(KindID.init), id)
        }
        XCTAssertEqual(KindID("txet"), .unknown)
        XCTAssertNil(KindID.unknown.schema)
        let tree = SyntaxTree.parse(Array("style s { color: red }\ntempalte t { size: 1 x 1 }\n".utf8))
        XCTAssertEqual(tree.document.blocks.map(\.kindID), [.style, .unknown])
    }

    func testKindNamesAreUnique() {
        var seen = Set<String>()
        for kind in Schema.kinds {
            XCTAssertTrue(seen.insert(kind.name).inserted, "duplicate kind \(kind.name)")
        }
    }

    func testPropertyNamesAreUniqueWithinEachKind() {
        for kind in Schema.kinds {
            var seen = Set<String>()
            for property in kind.properties {
                XCTAssertTrue(seen.insert(property.name).inserted, "\(kind.name) lists \(property.name) twice")
            }
        }
    }

    func testNamesAreIdentifiers() {
        for kind in Schema.kinds {
            XCTAssertTrue(isIdentifier(kind.name), kind.name)
            for property in kind.properties + [kind.argument].compactMap({ $0 }) {
                XCTAssertTrue(isIdentifier(property.name), "\(kind.name).\(property.name)")
                for value in property.type.enumerationValues ?? [] {
                    XCTAssertTrue(isIdentifier(value), "\(kind.name).\(property.name) value \(value)")
                }
            }
        }
    }

    func testHeaders() throws {
        for name in ["template", "annotations", "style"] {
            XCTAssertTrue(try XCTUnwrap(Schema.kind(name)).requiresName, name)
        }
        XCTAssertTrue(try XCTUnwrap(Schema.kind("template")).takesTitle)
        XCTAssertTrue(try XCTUnwrap(Schema.kind("annotations")).takesTitle)
        XCTAssertFalse(try XCTUnwrap(Schema.kind("style")).takesTitle)
        let params = try XCTUnwrap(Schema.kind("params"))
        XCTAssertFalse(params.takesName)
        XCTAssertFalse(params.takesTitle)
        for name in componentNames + elementNames {
            let kind = try XCTUnwrap(Schema.kind(name))
            XCTAssertEqual(kind.namePresence, .optional, name)
            XCTAssertFalse(kind.takesTitle, name)
        }
        XCTAssertEqual(try XCTUnwrap(Schema.kind("template")).synopsis, "template NAME [\"Title\"] { … }")
        XCTAssertEqual(try XCTUnwrap(Schema.kind("text")).synopsis, "text [NAME] { … }")
        XCTAssertEqual(params.synopsis, "params { … }")
        XCTAssertEqual(try XCTUnwrap(Schema.kind("format")).synopsis, "format VERSION")
        XCTAssertEqual(try XCTUnwrap(Schema.kind("font-face")).synopsis, "font-face \"Family\" { … }")
    }

    func testPlacementsAndChildren() throws {
        XCTAssertEqual(Schema.kinds(allowedIn: .topLevel).map(\.name), ["format", "import", "style", "font-face", "template", "annotations"])
        XCTAssertEqual(Schema.kinds(allowedIn: .template).map(\.name), ["params"] + componentNames)
        XCTAssertEqual(Schema.kinds(allowedIn: .group).map(\.name), componentNames)
        XCTAssertEqual(Schema.kinds(allowedIn: .annotations).map(\.name), elementNames)

        XCTAssertEqual(try XCTUnwrap(Schema.kind("template")).childPlacement, .template)
        XCTAssertEqual(try XCTUnwrap(Schema.kind("group")).childPlacement, .group)
        XCTAssertEqual(try XCTUnwrap(Schema.kind("annotations")).childPlacement, .annotations)
        XCTAssertEqual(try XCTUnwrap(Schema.kind("group")).childKinds.map(\.name), componentNames)
        for kind in Schema.kinds where !["template", "group", "annotations"].contains(kind.name) {
            XCTAssertFalse(kind.allowsChildren, "\(kind.name) should hold no blocks")
        }

        XCTAssertNotNil(Schema.kind("rect", in: .annotations))
        XCTAssertNil(Schema.kind("rect", in: .template))
        XCTAssertNil(Schema.kind("params", in: .group))
        XCTAssertNil(Schema.kind("text", in: .topLevel))
        XCTAssertEqual(Schema.kind("image", in: .group)?.role, .component)
    }

    // MARK: Properties

    func testDefaultsAreValidValuesOfTheirTypes() {
        var checked = 0
        for kind in Schema.kinds {
            for property in kind.properties + [kind.argument].compactMap({ $0 }) {
                guard let value = property.defaultValue else { continue }
                XCTAssertTrue(SchemaValueChecker.isValid(value, for: property),
                              "\(kind.name).\(property.name): default \(value) is not a valid \(property.type.shortName) in \(property.range?.description ?? "any range")")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testTheSchemaValueCheckerRejectsBadValues() {
        func prop(_ type: ValueType, _ range: ValueRange? = nil) -> PropertySchema {
            PropertySchema(name: "p", type: type, range: range, doc: "Test.")
        }
        let px = ValueType.number(units: [.px])
        XCTAssertTrue(SchemaValueChecker.isValid("16px", for: prop(px)))
        XCTAssertTrue(SchemaValueChecker.isValid("16", for: prop(px)))
        XCTAssertFalse(SchemaValueChecker.isValid("16pt", for: prop(px)))
        XCTAssertFalse(SchemaValueChecker.isValid("-1", for: prop(px, .nonNegative)))
        XCTAssertFalse(SchemaValueChecker.isValid("0", for: prop(px, .positive)))
        XCTAssertFalse(SchemaValueChecker.isValid("1.5", for: prop(.integer)))
        XCTAssertFalse(SchemaValueChecker.isValid("\"1\"", for: prop(.integer)))
        XCTAssertFalse(SchemaValueChecker.isValid("50%", for: prop(.number(units: []))))
        XCTAssertFalse(SchemaValueChecker.isValid("yes", for: prop(.boolean)))
        XCTAssertFalse(SchemaValueChecker.isValid("#GG0000", for: prop(.color)))
        XCTAssertFalse(SchemaValueChecker.isValid("#12345", for: prop(.color)))
        XCTAssertFalse(SchemaValueChecker.isValid("White", for: prop(.color)))
        XCTAssertTrue(SchemaValueChecker.isValid("white", for: prop(.color)))
        XCTAssertTrue(SchemaValueChecker.isValid("#fff8", for: prop(.color)))
        XCTAssertTrue(SchemaValueChecker.isValid("0, 0", for: prop(.point)))
        XCTAssertFalse(SchemaValueChecker.isValid("0 x 0", for: prop(.point)))
        XCTAssertTrue(SchemaValueChecker.isValid("327 x 180", for: prop(.size)))
        XCTAssertFalse(SchemaValueChecker.isValid("327, 180", for: prop(.size)))
        XCTAssertFalse(SchemaValueChecker.isValid("0 x 10", for: prop(.size, .positive)))
        XCTAssertTrue(SchemaValueChecker.isValid("bold", for: prop(.enumeration(["regular", "bold"]))))
        XCTAssertFalse(SchemaValueChecker.isValid("heavy", for: prop(.enumeration(["regular", "bold"]))))
        XCTAssertTrue(SchemaValueChecker.isValid("\"Inter\" bold", for: prop(.font)))
        XCTAssertFalse(SchemaValueChecker.isValid("\"Inter\" heavy", for: prop(.font)))
        XCTAssertFalse(SchemaValueChecker.isValid("Inter", for: prop(.font)))
        XCTAssertTrue(SchemaValueChecker.isValid("\"pt-BR\"", for: prop(.languageTag)))
        XCTAssertFalse(SchemaValueChecker.isValid("\"pt_BR\"", for: prop(.languageTag)))
        XCTAssertFalse(SchemaValueChecker.isValid("en", for: prop(.languageTag)))
        XCTAssertTrue(SchemaValueChecker.isValid("\"assets/a.png\"", for: prop(.url)))
        XCTAssertTrue(SchemaValueChecker.isValid("\"https://example.com\"", for: prop(.url)))
        XCTAssertFalse(SchemaValueChecker.isValid("\"javascript:alert(1)\"", for: prop(.url)))
        XCTAssertTrue(SchemaValueChecker.isValid("target", for: prop(.pointOrElement)))
        XCTAssertTrue(SchemaValueChecker.isValid("4, 5", for: prop(.pointOrElement)))
        XCTAssertFalse(SchemaValueChecker.isValid("\"target\"", for: prop(.pointOrElement)))
        XCTAssertTrue(SchemaValueChecker.isValid("false", for: prop(.paramDefault)))
        XCTAssertFalse(SchemaValueChecker.isValid("#FFF", for: prop(.paramDefault)))
        XCTAssertFalse(SchemaValueChecker.isValid("\"unterminated", for: prop(.string)))
    }

    func testEnumerationDefaultsAreAmongTheValues() {
        for kind in Schema.kinds {
            for property in kind.properties {
                guard let values = property.type.enumerationValues else { continue }
                XCTAssertFalse(values.isEmpty, "\(kind.name).\(property.name)")
                XCTAssertEqual(Set(values).count, values.count, "\(kind.name).\(property.name) repeats a value")
                if let value = property.defaultValue {
                    XCTAssertTrue(values.contains(value), "\(kind.name).\(property.name) default \(value)")
                }
            }
        }
    }

    func testADefaultIsEitherAValueOrANoteNotBoth() {
        for kind in Schema.kinds {
            for property in kind.properties where property.defaultValue != nil {
                XCTAssertNil(property.defaultNote, "\(kind.name).\(property.name)")
            }
        }
    }

    func testRangesBelongToNumericTypes() {
        for kind in Schema.kinds {
            for property in kind.properties + [kind.argument].compactMap({ $0 }) {
                if let range = property.range {
                    XCTAssertTrue(property.type.isNumeric, "\(kind.name).\(property.name) has a range but is a \(property.type.shortName)")
                    XCTAssertTrue(range.lower != nil || range.upper != nil, "\(kind.name).\(property.name): empty range")
                }
            }
        }
    }

    func testRequiredProperties() throws {
        XCTAssertEqual(Schema.kind("text")?.property("text")?.required, true)
        XCTAssertEqual(Schema.kind("textarea")?.property("text")?.required, true)
        XCTAssertEqual(Schema.kind("button")?.property("label")?.required, true)
        XCTAssertEqual(Schema.kind("image")?.property("src")?.required, true)
        XCTAssertEqual(Schema.kind("video")?.property("src")?.required, true)
        XCTAssertEqual(Schema.kind("annotations")?.property("image")?.required, true)
        XCTAssertEqual(Schema.kind("label")?.property("text")?.required, true)
        for name in ["line", "arrow"] {
            XCTAssertEqual(Schema.kind(name)?.property("from")?.required, true, name)
            XCTAssertEqual(Schema.kind(name)?.property("to")?.required, true, name)
        }
        let alt = try XCTUnwrap(Schema.kind("image")?.property("alt"))
        XCTAssertFalse(alt.required)
        XCTAssertTrue(alt.recommended)
        XCTAssertNil(Schema.kind("button")?.property("text"), "a button takes label, not text")

        // Nothing else is required: the list of required properties is exactly the design's.
        var required: [String] = []
        for kind in Schema.kinds {
            for property in kind.properties where property.required { required.append("\(kind.name).\(property.name)") }
        }
        XCTAssertEqual(Set(required), ["text.text", "textarea.text", "button.label", "image.src", "video.src",
                                       "annotations.image", "label.text", "line.from", "line.to", "arrow.from", "arrow.to",
                                       "font-face.src"])
    }

    func testTemplateProperties() throws {
        let template = try XCTUnwrap(Schema.kind("template"))
        let size = try XCTUnwrap(template.property("size"))
        XCTAssertFalse(size.required)
        XCTAssertEqual(size.requiredUnless, ["device"])
        XCTAssertEqual(template.requiredProperties.map(\.name), ["size"])
        XCTAssertEqual(size.type, .size)
        let device = try XCTUnwrap(template.property("device"))
        XCTAssertEqual(device.type.enumerationValues, ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad", "desktop"])
        XCTAssertEqual(device.type.enumerationValues, Schema.devices.map(\.name))
        XCTAssertEqual(template.property("background")?.defaultValue, "#FFFFFF")
        XCTAssertEqual(template.property("lang")?.type, .languageTag)
        XCTAssertEqual(template.property("lang")?.defaultValue, "\"en\"")
        XCTAssertEqual(template.property("grid")?.type, .number(units: [.px]))
        XCTAssertEqual(template.property("description")?.type, .string)
        XCTAssertEqual(Set(template.properties.map(\.name)), ["size", "device", "background", "grid", "lang", "description"])

        let params = try XCTUnwrap(Schema.kind("params"))
        XCTAssertTrue(params.freeFormProperties)
        XCTAssertEqual(params.freeFormPropertyType, .paramDefault)
        XCTAssertTrue(params.properties.isEmpty)
    }

    func testCommonComponentProperties() throws {
        let common = ["at", "size", "width", "height", "z", "visible", "locked", "opacity", "rotation", "background",
                      "corner-radius", "border-width", "border-color", "padding", "style"]
        for name in componentNames {
            let kind = try XCTUnwrap(Schema.kind(name))
            for key in common {
                XCTAssertNotNil(kind.property(key), "\(name) lacks \(key)")
            }
            XCTAssertEqual(kind.property("at")?.defaultValue, "0, 0")
            XCTAssertEqual(kind.property("at")?.type, .point)
            XCTAssertEqual(kind.property("visible")?.defaultValue, "true")
            XCTAssertEqual(kind.property("locked")?.defaultValue, "false")
            XCTAssertEqual(kind.property("opacity")?.range, .closed(0, 1))
            XCTAssertEqual(kind.property("opacity")?.defaultValue, "1")
            XCTAssertEqual(kind.property("rotation")?.type, .number(units: [.deg]))
            XCTAssertEqual(kind.property("z")?.type, .integer)
            XCTAssertEqual(kind.property("style")?.type, .styleReference)
            for key in ["width", "height", "corner-radius", "border-width", "padding"] {
                XCTAssertEqual(kind.property(key)?.type, .number(units: [.px]), "\(name).\(key)")
                XCTAssertEqual(kind.property(key)?.range, .nonNegative, "\(name).\(key)")
            }
            XCTAssertEqual(Set(kind.property("size")?.excludes ?? []), ["width", "height"])
        }
        let text = try XCTUnwrap(Schema.kind("text"))
        XCTAssertEqual(text.property("font-size")?.defaultValue, "16")
        XCTAssertEqual(text.property("font-size")?.range, .closed(1, 1000))
        XCTAssertEqual(text.property("font-size")?.type, .number(units: [.px, .pt]))
        XCTAssertEqual(text.property("font-weight")?.type.enumerationValues, Schema.fontWeights)
        XCTAssertEqual(text.property("align")?.type.enumerationValues, ["start", "end", "left", "center", "right", "justify"])
        XCTAssertEqual(text.property("align")?.defaultValue, "start", "the side where the language's lines begin")
        XCTAssertEqual(text.property("heading")?.type, .integer)
        XCTAssertEqual(text.property("heading")?.range, .closed(1, 6))
        XCTAssertNil(text.property("heading")?.defaultValue, "no heading unless asked for")
        XCTAssertNil(Schema.kind("textarea")?.property("heading"), "several paragraphs are no heading")
        XCTAssertEqual(text.property("line-height")?.type, .number(units: [.percent]))
        XCTAssertEqual(text.property("line-height")?.range, .positive)
        XCTAssertEqual(text.property("max-lines")?.range, .atLeast(1))
        XCTAssertEqual(text.property("color")?.defaultValue, "#000000")

        let button = try XCTUnwrap(Schema.kind("button"))
        for key in ["font", "font-size", "font-weight", "italic", "underline", "color", "align", "line-height", "max-lines"] {
            XCTAssertEqual(button.property(key)?.type, text.property(key)?.type, "button.\(key)")
        }
        XCTAssertEqual(button.property("action")?.type, .url)
        XCTAssertEqual(button.property("align")?.defaultValue, "center")

        let image = try XCTUnwrap(Schema.kind("image"))
        XCTAssertEqual(image.property("fit")?.type.enumerationValues, ["cover", "contain", "fill"])
        XCTAssertEqual(image.property("fit")?.defaultValue, "cover")
        XCTAssertNil(image.property("text"))

        let video = try XCTUnwrap(Schema.kind("video"))
        for key in ["autoplay", "loop", "muted"] { XCTAssertEqual(video.property(key)?.defaultValue, "false", key) }
        XCTAssertEqual(video.property("controls")?.defaultValue, "true")
        XCTAssertEqual(video.property("poster")?.type, .url)
        XCTAssertEqual(video.property("captions")?.type, .url)
        XCTAssertNil(video.property("captions")?.defaultValue)

        let divider = try XCTUnwrap(Schema.kind("divider"))
        XCTAssertEqual(divider.property("thickness")?.defaultValue, "1")
        XCTAssertEqual(divider.property("color")?.type, .color)
    }

    func testAnnotationProperties() throws {
        let annotations = try XCTUnwrap(Schema.kind("annotations"))
        XCTAssertEqual(Set(annotations.properties.map(\.name)), ["image", "size", "grid", "lang"])
        XCTAssertEqual(annotations.property("lang")?.type, .languageTag)
        XCTAssertEqual(Schema.kind("label")?.property("align")?.defaultValue, "start")
        XCTAssertEqual(annotations.property("image")?.type, .url)

        let common = ["at", "size", "rotation", "scale", "z", "visible", "opacity", "fill", "stroke", "stroke-width", "style"]
        for name in elementNames {
            let kind = try XCTUnwrap(Schema.kind(name))
            for key in common { XCTAssertNotNil(kind.property(key), "\(name) lacks \(key)") }
            XCTAssertEqual(kind.property("scale")?.range, .positive)
            XCTAssertEqual(kind.property("scale")?.defaultValue, "1")
            XCTAssertEqual(kind.property("stroke-width")?.defaultValue, "2")
            XCTAssertEqual(kind.property("opacity")?.range, .closed(0, 1))
            XCTAssertNil(kind.property("locked"), "locked is a component property only")
        }
        XCTAssertEqual(Schema.kind("rect")?.property("corner-radius")?.range, .nonNegative)
        XCTAssertNil(Schema.kind("ellipse")?.property("corner-radius"))

        for name in ["line", "arrow"] {
            let kind = try XCTUnwrap(Schema.kind(name))
            XCTAssertEqual(kind.property("from")?.type, .pointOrElement)
            XCTAssertEqual(kind.property("head")?.type.enumerationValues, ["none", "open", "filled", "circle", "square", "bar"])
            XCTAssertEqual(kind.property("tail")?.defaultValue, "none")
            XCTAssertEqual(kind.property("dash")?.defaultValue, "solid")
            XCTAssertEqual(kind.property("dash")?.type.enumerationValues, ["solid", "dashed", "dotted"])
            XCTAssertEqual(kind.property("cap")?.defaultValue, "butt")
            XCTAssertEqual(kind.property("cap")?.type.enumerationValues, ["butt", "round", "square"])
        }
        XCTAssertEqual(Schema.kind("arrow")?.property("head")?.defaultValue, "filled")
        XCTAssertEqual(Schema.kind("line")?.property("head")?.defaultValue, "none")

        let label = try XCTUnwrap(Schema.kind("label"))
        for key in ["text", "font", "font-size", "color", "align", "background"] {
            XCTAssertNotNil(label.property(key), "label lacks \(key)")
        }
        let number = try XCTUnwrap(Schema.kind("number"))
        XCTAssertEqual(number.property("value")?.type, .integer)
        XCTAssertNil(number.property("value")?.defaultValue, "the default is the previous number plus one")
        XCTAssertNotNil(number.property("value")?.defaultNote)
        XCTAssertEqual(number.property("radius")?.defaultValue, "16")
        XCTAssertEqual(number.property("radius")?.range, .positive)
        XCTAssertEqual(Schema.kind("blur")?.property("radius")?.defaultValue, "8")
        XCTAssertEqual(Schema.kind("blur")?.property("radius")?.range, .nonNegative)
        XCTAssertEqual(Set(try XCTUnwrap(Schema.kind("highlight")).properties.map(\.name)), Set(common))
    }

    func testAPropertyNameHasOneTypeInEveryKind() {
        var types: [String: (String, ValueType)] = [:]
        for kind in Schema.kinds where kind.isComponent || kind.isAnnotationElement || kind.name == "style" {
            for property in kind.properties {
                if let (first, type) = types[property.name] {
                    XCTAssertEqual(type, property.type, "\(property.name) is a \(type.shortName) in \(first) but a \(property.type.shortName) in \(kind.name)")
                } else {
                    types[property.name] = (kind.name, property.type)
                }
            }
        }
    }

    func testExclusionsAndConditionsResolve() {
        for kind in Schema.kinds {
            for property in kind.properties {
                for other in property.excludes + property.requiredUnless {
                    XCTAssertNotNil(kind.property(other), "\(kind.name).\(property.name) refers to unknown \(other)")
                    XCTAssertNotEqual(other, property.name)
                }
                for other in property.excludes {
                    XCTAssertTrue(kind.property(other)?.excludes.contains(property.name) == true,
                                  "\(kind.name): \(property.name) excludes \(other) but not the other way round")
                }
            }
        }
    }

    func testEveryKindAndPropertyHasAOneLineDoc() {
        for kind in Schema.kinds {
            XCTAssertTrue(isOneLineSentence(kind.doc), "kind \(kind.name): \(kind.doc)")
            for property in kind.properties + [kind.argument].compactMap({ $0 }) {
                XCTAssertTrue(isOneLineSentence(property.doc), "\(kind.name).\(property.name): \(property.doc)")
                if let note = property.defaultNote { XCTAssertFalse(note.isEmpty) }
            }
        }
    }

    // MARK: Styles and directives

    func testStyleKind() throws {
        let style = try XCTUnwrap(Schema.kind("style"))
        XCTAssertTrue(style.anyElementProperty)
        XCTAssertEqual(style.property("style")?.type, .styleReference)
        XCTAssertFalse(style.allowsChildren)
        for name in ["font-size", "color", "stroke", "stroke-width", "corner-radius", "head", "fit", "radius", "style", "label"] {
            XCTAssertTrue(Schema.styleablePropertyNames.contains(name), name)
            XCTAssertNotNil(Schema.styleableProperty(name), name)
        }
        XCTAssertNil(Schema.styleableProperty("device"), "template properties are not element properties")
        XCTAssertNil(Schema.styleableProperty("image"), "annotations properties are not element properties")
        XCTAssertNil(Schema.styleableProperty("colour"))
        XCTAssertEqual(Schema.styleablePropertyNames, Schema.styleablePropertyNames.sorted())
        XCTAssertEqual(Schema.styleableProperty("font-size")?.type, .number(units: [.px, .pt]))
        XCTAssertEqual(Set(Schema.kinds(acceptingProperty: "head").map(\.name)), ["line", "arrow"])
    }

    func testDirectives() throws {
        let format = try XCTUnwrap(Schema.kind("format"))
        XCTAssertTrue(format.isDirective)
        XCTAssertEqual(format.argument?.type, .integer)
        XCTAssertEqual(format.argument?.required, true)
        XCTAssertTrue(format.argument?.range?.contains(Double(Schema.formatVersion)) == true)
        XCTAssertEqual(Schema.formatVersion, 1)
        let importKind = try XCTUnwrap(Schema.kind("import"))
        XCTAssertTrue(importKind.isDirective)
        XCTAssertEqual(importKind.argument?.type, .string)
        for kind in Schema.kinds {
            XCTAssertEqual(kind.isDirective, kind.argument != nil, kind.name)
            if kind.isDirective { XCTAssertTrue(kind.properties.isEmpty) }
        }
    }

    // MARK: Values

    func testNamedColors() throws {
        XCTAssertEqual(Schema.namedColors.count, 149, "the 148 CSS named colours and transparent")
        XCTAssertEqual(Schema.namedColor("white")?.rgb, 0xFFFFFF)
        XCTAssertEqual(Schema.namedColor("black")?.rgb, 0x000000)
        XCTAssertEqual(Schema.namedColor("rebeccapurple")?.rgb, 0x663399)
        XCTAssertEqual(Schema.namedColor("red")?.rgb, 0xFF0000)
        XCTAssertEqual(Schema.namedColor("green")?.rgb, 0x008000, "CSS green, not X11 green")
        XCTAssertEqual(Schema.namedColor("gray")?.rgb, 0x808080)
        XCTAssertEqual(Schema.namedColor("lightgoldenrodyellow")?.rgb, 0xFAFAD2)
        XCTAssertEqual(Schema.namedColor("grey"), Schema.namedColor("gray"))
        XCTAssertEqual(Schema.namedColor("cyan"), Schema.namedColor("aqua"))
        XCTAssertEqual(Schema.namedColor("magenta"), Schema.namedColor("fuchsia"))
        XCTAssertEqual(Schema.namedColor("white")?.alpha, 255)
        let transparent = try XCTUnwrap(Schema.namedColor("transparent"))
        XCTAssertEqual(transparent.alpha, 0)
        XCTAssertNil(Schema.namedColor("White"))
        XCTAssertNil(Schema.namedColor("bluish"))
        for (name, color) in Schema.namedColors {
            XCTAssertTrue(name.allSatisfy { $0 >= "a" && $0 <= "z" }, name)
            if name != "transparent" { XCTAssertTrue(color.isOpaque, name) }
        }
        XCTAssertEqual(Schema.namedColorNames.count, 149)
        XCTAssertEqual(Schema.namedColorNames, Schema.namedColorNames.sorted())
    }

    func testHexColors() throws {
        XCTAssertEqual(RGBAColor(hex: "#abc"), RGBAColor(red: 0xAA, green: 0xBB, blue: 0xCC))
        XCTAssertEqual(RGBAColor(hex: "#ABC8"), RGBAColor(red: 0xAA, green: 0xBB, blue: 0xCC, alpha: 0x88))
        XCTAssertEqual(RGBAColor(hex: "#1e1E1e"), RGBAColor(rgb: 0x1E1E1E))
        XCTAssertEqual(RGBAColor(hex: "#FFFF0066"), RGBAColor(red: 255, green: 255, blue: 0, alpha: 0x66))
        for bad in ["", "#", "abc", "#ab", "#abcde", "#abcdefa", "#abcdefabc", "#ggg", "# abc", "#abc "] {
            XCTAssertNil(RGBAColor(hex: bad), bad)
        }
        XCTAssertEqual(RGBAColor(hex: "#abc")?.hexString, "#AABBCC")
        XCTAssertEqual(RGBAColor(hex: "#ffff0066")?.hexString, "#FFFF0066")
        XCTAssertEqual(RGBAColor(rgb: 0x0060DF).hexString, "#0060DF")
        XCTAssertEqual(RGBAColor(rgb: 0x0060DF).rgb, 0x0060DF)
    }

    func testValueRanges() {
        XCTAssertTrue(ValueRange.nonNegative.contains(0))
        XCTAssertFalse(ValueRange.nonNegative.contains(-0.5))
        XCTAssertFalse(ValueRange.positive.contains(0))
        XCTAssertTrue(ValueRange.positive.contains(0.001))
        XCTAssertTrue(ValueRange.closed(0, 1).contains(1))
        XCTAssertFalse(ValueRange.closed(0, 1).contains(1.01))
        XCTAssertFalse(ValueRange.closed(0, 1).contains(.nan))
        XCTAssertFalse(ValueRange(lower: 0, upper: 1, upperInclusive: false).contains(1))
        XCTAssertEqual(ValueRange.nonNegative.description, "≥ 0")
        XCTAssertEqual(ValueRange.positive.description, "> 0")
        XCTAssertEqual(ValueRange.closed(1, 1000).description, "1 … 1000")
        XCTAssertEqual(ValueRange.closed(0, 0.5).description, "0 … 0.5")
        XCTAssertEqual(ValueRange(lower: 0, lowerInclusive: false, upper: 1).description, "0 < x ≤ 1")
    }

    func testDevicesAndFontWeights() {
        XCTAssertEqual(Schema.device("iphone-se").map { [$0.width, $0.height] }, [375, 667])
        XCTAssertEqual(Schema.device("iphone-15").map { [$0.width, $0.height] }, [393, 852])
        XCTAssertEqual(Schema.device("iphone-15-pro-max").map { [$0.width, $0.height] }, [430, 932])
        XCTAssertEqual(Schema.device("ipad").map { [$0.width, $0.height] }, [820, 1180])
        XCTAssertEqual(Schema.device("desktop").map { [$0.width, $0.height] }, [1440, 900])
        XCTAssertNil(Schema.device("iphone"))
        XCTAssertEqual(Schema.fontWeights, ["regular", "medium", "semibold", "bold"])
        XCTAssertEqual(Schema.fontWeights.compactMap(Schema.cssFontWeight), [400, 500, 600, 700])
        XCTAssertNil(Schema.cssFontWeight("heavy"))
        XCTAssertEqual(Schema.allowedURLSchemes, ["http", "https", "mailto"])
    }

    func testValueTypeDescriptions() {
        XCTAssertEqual(ValueType.number(units: [.px, .pt]).shortName, "number (px, pt)")
        XCTAssertEqual(ValueType.number(units: []).shortName, "number")
        XCTAssertEqual(ValueUnit.percent.rawValue, "%")
        XCTAssertEqual(ValueType.enumeration(["a", "b"]).expectation, "one of `a`, `b`")
        // Every example is a valid value of its own type.
        let types: [ValueType] = [.string, .text, .number(units: [.px]), .number(units: [.deg]), .integer, .boolean,
                                  .color, .point, .size, .enumeration(["x", "y"]), .font, .url, .styleReference,
                                  .pointOrElement, .languageTag, .paramDefault]
        for type in types {
            XCTAssertFalse(type.expectation.isEmpty)
            XCTAssertTrue(SchemaValueChecker.isValid(type.example, for: PropertySchema(name: "p", type: type, doc: "Test.")),
                          "example \(type.example) of \(type.shortName)")
        }
    }

    // MARK: Markdown

    func testMarkdownCoversEveryKindAndProperty() {
        let markdown = schemaReferenceMarkdown()
        XCTAssertEqual(markdown, schemaReferenceMarkdown(), "the reference must be deterministic")
        XCTAssertTrue(markdown.hasPrefix("## Schema reference\n"))
        XCTAssertTrue(markdown.hasSuffix(".\n"))
        XCTAssertFalse(markdown.hasSuffix("\n\n"))
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for kind in Schema.kinds {
            guard let start = lines.firstIndex(where: { $0.hasPrefix("### `\(kind.name)`") }) else {
                XCTFail("no section for \(kind.name)")
                continue
            }
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("### ") } ?? lines.count
            let section = lines[start..<end]
            XCTAssertTrue(section.contains(kind.doc), "\(kind.name) doc missing")
            for property in kind.properties + [kind.argument].compactMap({ $0 }) {
                let row = section.first { $0.hasPrefix("| `\(property.name)` |") }
                XCTAssertNotNil(row, "\(kind.name).\(property.name) has no row")
                if let row, let value = property.defaultValue {
                    XCTAssertTrue(row.contains("`\(value)`"), "\(kind.name).\(property.name) row lacks its default")
                }
            }
        }
        XCTAssertTrue(markdown.contains("`rebeccapurple`"))
        XCTAssertTrue(markdown.contains("| `iphone-15-pro-max` | 430 | 932 |"))
    }

    func testMarkdownTablesAreWellFormed() {
        var columns: Int?
        for line in schemaReferenceMarkdown().split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { columns = nil; continue }
            // Count the cell separators that are not escaped.
            var count = 0
            var previous: Character = " "
            for character in line {
                if character == "|" && previous != "\\" { count += 1 }
                previous = character
            }
            if let columns {
                XCTAssertEqual(count, columns, "ragged table row: \(line)")
            } else {
                columns = count
            }
        }
    }

    // MARK: Helpers

    private func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || ("A"..."Z").contains(first) || ("a"..."z").contains(first)
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    private func isOneLineSentence(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return !text.contains("\n") && text.hasSuffix(".") && (first.isUppercase || first == "`")
    }
}

/// A tiny reader of TDL value source text, independent of the real lexer and validator, so the
/// table's defaults and examples are checked against the design rather than against themselves.
enum SchemaValueChecker {
    enum Atom: Equatable {
        case string(String)
        case number(Double, unit: String, isWhole: Bool)
        case hex(String)
        case identifier(String)
        case comma
    }

    static func atoms(_ source: String) -> [Atom]? {
        var result: [Atom] = []
        let chars = Array(source)
        var i = 0
        func isIdentStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
        func isIdentPart(_ c: Character) -> Bool { isIdentStart(c) || c == "-" || (c.isASCII && c.isNumber) }
        while i < chars.count {
            let c = chars[i]
            if c == " " { i += 1; continue }
            if c == "," { result.append(.comma); i += 1; continue }
            if c == "\"" {
                var text = ""
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\" {
                        guard i + 1 < chars.count else { return nil }
                        text.append(chars[i + 1]); i += 2; continue
                    }
                    if chars[i] == "\"" { closed = true; i += 1; break }
                    text.append(chars[i]); i += 1
                }
                guard closed else { return nil }
                result.append(.string(text))
                continue
            }
            if c == "#" {
                var text = "#"
                i += 1
                while i < chars.count, isIdentPart(chars[i]) { text.append(chars[i]); i += 1 }
                result.append(.hex(text))
                continue
            }
            if c == "-" || (c.isASCII && c.isNumber) {
                var text = String(c)
                i += 1
                while i < chars.count, chars[i].isASCII, chars[i].isNumber || chars[i] == "." {
                    text.append(chars[i]); i += 1
                }
                var unit = ""
                while i < chars.count, isIdentPart(chars[i]) || chars[i] == "%" { unit.append(chars[i]); i += 1 }
                guard let value = Double(text), text != "-", !text.hasSuffix("."), text.filter({ $0 == "." }).count <= 1
                else { return nil }
                result.append(.number(value, unit: unit, isWhole: !text.contains(".")))
                continue
            }
            if isIdentStart(c) {
                var text = ""
                while i < chars.count, isIdentPart(chars[i]) { text.append(chars[i]); i += 1 }
                result.append(.identifier(text))
                continue
            }
            return nil
        }
        return result
    }

    static func isValid(_ source: String, for property: PropertySchema) -> Bool {
        guard let atoms = atoms(source) else { return false }
        return isValid(atoms, type: property.type, range: property.range)
    }

    private static func inRange(_ value: Double, _ range: ValueRange?) -> Bool {
        range?.contains(value) ?? true
    }

    private static func isPxNumber(_ atom: Atom, _ range: ValueRange?) -> Bool {
        if case .number(let value, let unit, _) = atom { return (unit.isEmpty || unit == "px") && inRange(value, range) }
        return false
    }

    private static func isValid(_ atoms: [Atom], type: ValueType, range: ValueRange?) -> Bool {
        switch type {
        case .string, .text:
            if atoms.count == 1, case .string = atoms[0] { return true }
            return false
        case .number(let units):
            guard atoms.count == 1, case .number(let value, let unit, _) = atoms[0] else { return false }
            return (unit.isEmpty || units.map(\.rawValue).contains(unit)) && inRange(value, range)
        case .integer:
            guard atoms.count == 1, case .number(let value, let unit, let whole) = atoms[0] else { return false }
            return unit.isEmpty && whole && inRange(value, range)
        case .boolean:
            return atoms == [.identifier("true")] || atoms == [.identifier("false")]
        case .color:
            guard atoms.count == 1 else { return false }
            switch atoms[0] {
            case .hex(let text): return RGBAColor(hex: text) != nil
            case .identifier(let name): return Schema.namedColor(name) != nil
            default: return false
            }
        case .point:
            return atoms.count == 3 && atoms[1] == .comma && isPxNumber(atoms[0], range) && isPxNumber(atoms[2], range)
        case .size:
            return atoms.count == 3 && atoms[1] == .identifier("x") && isPxNumber(atoms[0], range) && isPxNumber(atoms[2], range)
        case .enumeration(let values):
            guard atoms.count == 1, case .identifier(let name) = atoms[0] else { return false }
            return values.contains(name)
        case .font:
            guard let first = atoms.first, case .string = first else { return false }
            if atoms.count == 1 { return true }
            guard atoms.count == 2, case .identifier(let weight) = atoms[1] else { return false }
            return Schema.fontWeights.contains(weight)
        case .url:
            guard atoms.count == 1, case .string(let text) = atoms[0], !text.isEmpty else { return false }
            guard let colon = text.firstIndex(of: ":") else { return true }
            let scheme = text[..<colon]
            if scheme.contains("/") { return true }
            return Schema.allowedURLSchemes.contains(scheme.lowercased())
        case .styleReference:
            if atoms.count == 1, case .identifier = atoms[0] { return true }
            return false
        case .pointOrElement:
            if atoms.count == 1, case .identifier = atoms[0] { return true }
            return isValid(atoms, type: .point, range: range)
        case .languageTag:
            guard atoms.count == 1, case .string(let tag) = atoms[0] else { return false }
            let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
            guard let primary = parts.first, (2...8).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter })
            else { return false }
            return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        case .paramDefault:
            guard atoms.count == 1 else { return false }
            switch atoms[0] {
            case .string: return true
            case .number(_, let unit, _): return unit.isEmpty
            case .identifier(let name): return name == "true" || name == "false"
            default: return false
            }
        }
    }
}
