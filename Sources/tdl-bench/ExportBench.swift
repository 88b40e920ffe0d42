import Foundation
import HTMLGen
import TemplateFormat
import Validator

/// `tdl-bench --export`: time to export a template of `elements` components to HTML and to
/// the JSON model (parse, resolve and render; validation timed apart). The budget is
/// 50 ms for 10,000 elements in a release build.
func exportReport(elements: Int = 10_000) {
    let source = exportCorpus(elements: elements)
    let bytes = Array(source.utf8)
    var html = 0, json = 0
    let parse = bestTime(bytes: bytes.count) { _ = SyntaxTree.parse(bytes) }
    let tree = SyntaxTree.parse(bytes)
    let validate = bestTime(bytes: bytes.count) { _ = Validator.validate(tree) }
    let resolve = bestTime(bytes: bytes.count) { _ = ResolvedDocument.resolve(tree) }
    let document = ResolvedDocument.resolve(tree)
    let renderHTML = bestTime(bytes: bytes.count) { html = TemplateHTML.render(document.items[0]).count }
    let renderJSON = bestTime(bytes: bytes.count) { json = ModelJSON.render(document.items).count }
    let export = bestTime(bytes: bytes.count) {
        _ = TemplateHTML.render(ResolvedDocument.resolve(SyntaxTree.parse(bytes)).items[0])
    }
    print("export: \(elements) elements, \(bytes.count) bytes of TDL, \(html) bytes of HTML, \(json) bytes of JSON")
    print(String(format: "  parse %.1f ms, validate %.1f ms, resolve %.1f ms, render HTML %.1f ms, render JSON %.1f ms",
                 parse * 1000, validate * 1000, resolve * 1000, renderHTML * 1000, renderJSON * 1000))
    print(String(format: "  export to HTML (parse, resolve, render) %.1f ms", export * 1000))
}

/// A template of `elements` components: text, buttons, images and dividers in groups of ten
/// (each group counts as one of the elements), using styles and parameters.
func exportCorpus(elements: Int) -> String {
    var out = """
    format 1

    style body-text {
      font: "Inter" regular
      font-size: 14
      color: #222222
    }

    style panel {
      background: #FFFFFF
      border-width: 1
      border-color: #D9D9D9
      padding: 8
    }

    template big "Benchmark" {
      size: 1440 x \((elements / 10 + 2) * 90)
      params {
        user: "friend"
      }

    """
    var made = 0
    var group = 0
    while made < elements {
        group += 1
        out += "  group g\(group) {\n    style: panel\n    at: 0, \(group * 90)\n    size: 1440 x 88\n"
        made += 1
        var k = 0
        while k < 9 && made < elements {
            let x = k * 150
            switch k % 4 {
            case 0:
                out += "    text t\(group)-\(k) {\n      style: body-text\n      text: \"Hello {{user}}, item \(made)\"\n      at: \(x), 0\n      size: 140 x 20\n    }\n"
            case 1:
                out += "    button b\(group)-\(k) {\n      label: \"Open \(made)\"\n      action: \"https://example.com/\(made)\"\n      at: \(x), 24\n      size: 140 x 32\n      background: #0060DF\n      color: white\n    }\n"
            case 2:
                out += "    image i\(group)-\(k) {\n      src: \"assets/\(made).png\"\n      alt: \"Picture \(made)\"\n      at: \(x), 0\n      size: 140 x 60\n    }\n"
            default:
                out += "    divider d\(group)-\(k) {\n      at: \(x), 70\n      size: 140 x 1\n    }\n"
            }
            made += 1
            k += 1
        }
        out += "  }\n"
    }
    out += "}\n"
    return out
}
