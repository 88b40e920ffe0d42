import Foundation
import TestSupport
import XCTest
@testable import TDLCommands

final class ExportCommandTests: XCTestCase {
    let two = """
    format 1

    template first "First" {
      size: 200 x 100
      params {
        who: "you"
      }
      text hello {
        text: "Hello {{who}}"
        at: 10, 10
        size: 100 x 20
      }
    }

    annotations second "Second" {
      image: "shot.png"
      size: 100 x 100
      rect r {
        at: 10, 10
        size: 20 x 20
      }
    }

    """

    /// The golden file the library tests keep for an example.
    func golden(_ name: String) -> [UInt8] {
        (try? FixtureFolder(Repository.root + "/Tests/HTMLGenTests/Golden").read(name)) ?? []
    }

    func testExportsAnExampleToStandardOutput() {
        let html = runTool(["export", examplesFolder + "/onboarding-card.tdl"])
        XCTAssertEqual(html.status, 0, html.err)
        XCTAssertEqual(html.err, "")
        XCTAssertEqual(html.outBytes, golden("onboarding-card.html"))
        let json = runTool(["export", "--to", "json", examplesFolder + "/pricing-card.tdl"])
        XCTAssertEqual(json.status, 0, json.err)
        XCTAssertEqual(json.outBytes, golden("pricing-card.json"))
        let svg = runTool(["export", "--to=svg", "--no-embed", examplesFolder + "/annotated-screenshot.tdl"])
        XCTAssertEqual(svg.status, 0, svg.err)
        XCTAssertEqual(svg.outBytes, golden("annotated-screenshot.svg"))
    }

    /// `--fragment`: templates only (annotation sets left out, or refused when named),
    /// prefixed by the template's name or `--prefix`, which must be able to start an id.
    func testFragments() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        let one = runTool(["export", "--fragment", path])
        XCTAssertEqual(one.status, 0, one.err)
        XCTAssertTrue(one.out.hasPrefix("<div id=\"first\" class=\"first\""), one.out)
        XCTAssertTrue(one.out.contains("<p id=\"first-hello\""), one.out)
        XCTAssertFalse(one.out.contains("second"), "the annotation set is left out")
        let prefixed = runTool(["export", "--fragment", "--prefix", "promo", path])
        XCTAssertEqual(prefixed.status, 0, prefixed.err)
        XCTAssertTrue(prefixed.out.contains("<p id=\"promo-hello\""), prefixed.out)
        for (args, message) in [(["--fragment", "--template", "second"], "is an annotation set"),
                                (["--fragment", "--to", "json"], "cannot be combined with --to json"),
                                (["--prefix", "x"], "give --fragment too"),
                                (["--fragment", "--prefix", "9x"], "cannot start ids")] {
            let r = runTool(["export"] + args + [path])
            XCTAssertEqual(r.status, 2, "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains(message), "\(args): \(r.err)")
        }
    }

    func testSeveralItemsNeedATemplateOrAFolder() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        let r = runTool(["export", path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(r.err.contains("holds 2 items (`first`, `second`)"), r.err)
        XCTAssertTrue(r.err.contains("--template NAME"), r.err)

        let one = runTool(["export", "--template", "second", path])
        XCTAssertEqual(one.status, 0, one.err)
        XCTAssertTrue(one.out.contains("<figure class=\"tdl-figure\">"))

        let missing = runTool(["export", "--template", "third", path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("no template or annotation set named 'third'; it has `first`, `second`"), missing.err)
    }

    func testFolderOutputWritesOneFilePerItem() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        let r = runTool(["export", "-o", dir.path + "/out", path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(dir.read("out/first.html").contains("<p id=\"hello\" class=\"tdl-a1\" dir=\"auto\">Hello you</p>"))
        XCTAssertTrue(dir.read("out/second.html").contains("<svg viewBox=\"0 0 100 100\" role=\"img\""))

        let json = runTool(["export", "--to", "json", "--output", dir.path + "/json/", path])
        XCTAssertEqual(json.status, 0, json.err)
        XCTAssertTrue(dir.read("json/first.json").hasPrefix("{\n  \"model\": 2,"))
        XCTAssertTrue(dir.read("json/second.json").contains("\"kind\": \"annotations\""))

        // --to svg exports the annotation sets only.
        let svg = runTool(["export", "--to", "svg", "-o", dir.path + "/svg/", path])
        XCTAssertEqual(svg.status, 0, svg.err)
        XCTAssertTrue(dir.read("svg/second.svg").hasPrefix("<svg xmlns="))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/svg/first.svg"))
        XCTAssertEqual(runTool(["export", "--to", "svg", path]).status, 0, "one annotation set: standard output")
    }

    func testFileOutputForOneItem() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        let r = runTool(["export", "--template", "first", "-o", dir.path + "/page.html", path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(dir.read("page.html").hasPrefix("<!doctype html>"))
        // Writing again replaces the file.
        XCTAssertEqual(runTool(["export", "--template", "first", "--data", dir.write("d.json", "{\"who\": \"Ada\"}"),
                                "-o", dir.path + "/page.html", path]).status, 0)
        XCTAssertTrue(dir.read("page.html").contains("Hello Ada"))
        // A file cannot take several items.
        let several = runTool(["export", "-o", dir.path + "/page.html", path])
        XCTAssertEqual(several.status, 2)
        XCTAssertTrue(several.err.contains("is a file"), several.err)
    }

    func testSVGOfATemplateIsAUsageError() {
        let r = runTool(["export", "--to", "svg", examplesFolder + "/onboarding-card.tdl"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("no annotation set to export as SVG"), r.err)
        let dir = Scratch(); defer { dir.remove() }
        let named = runTool(["export", "--to", "svg", "--template", "first", dir.write("two.tdl", two)])
        XCTAssertEqual(named.status, 2)
        XCTAssertTrue(named.err.contains("`first` is a template"), named.err)
        XCTAssertEqual(runTool(["export", "--to", "pdf", examplesFolder + "/onboarding-card.tdl"]).status, 2)
    }

    func testEmailOfATemplate() {
        let email = runTool(["export", "--to", "email", examplesFolder + "/newsletter-header.tdl"])
        XCTAssertEqual(email.status, 0, email.err)
        XCTAssertEqual(email.err, "")
        XCTAssertEqual(email.outBytes, golden("newsletter-header.email.html"))
        let dir = Scratch(); defer { dir.remove() }
        // A folder receives NAME.email.html; the annotation set is left out, as --to svg
        // leaves templates out.
        let folder = runTool(["export", "--to", "email", "-o", dir.path + "/out/", dir.write("two.tdl", two)])
        XCTAssertEqual(folder.status, 0, folder.err)
        XCTAssertTrue(dir.read("out/first.email.html").contains("<table role=\"presentation\""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out/second.email.html"))
        let named = runTool(["export", "--to", "email", "--template", "second", dir.path + "/two.tdl"])
        XCTAssertEqual(named.status, 2)
        XCTAssertTrue(named.err.contains("`second` is an annotation set; --to email exports templates only"), named.err)
        let annotations = runTool(["export", "--to", "email", examplesFolder + "/annotated-screenshot.tdl"])
        XCTAssertEqual(annotations.status, 2)
        XCTAssertTrue(annotations.err.contains("no template to export as email"), annotations.err)
    }

    /// What email cannot show: exit 1, the element named, and no file written, not even
    /// for the other templates of the export.
    func testAnEmailThatCannotShowItsTemplateIsNotWritten() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("mail.tdl", two + """
        template clip {
          size: 400 x 300
          video intro {
            src: "https://example.com/intro.mp4"
            captions: "https://example.com/intro.vtt"
            size: 320 x 180
          }
        }

        """)
        let r = runTool(["export", "--to", "email", "-o", dir.path + "/out/", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("error: template `clip`: video `intro` in the canvas cannot be sent by email: email clients do not play video"), r.err)
        XCTAssertTrue(r.err.contains("not exported"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out/first.email.html"))
        // The HTML page of the same template is fine.
        XCTAssertEqual(runTool(["export", "--template", "clip", path]).status, 0)
    }

    func testADocumentWithErrorsIsNotExported() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("bad.tdl", """
        format 1
        template t {
          size: 100 x 100
          image i {
            src: "javascript:alert(1)"
            alt: "x"
          }
        }

        """)
        let r = runTool(["export", "-o", dir.path + "/out", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.out, "")
        XCTAssertTrue(r.err.contains("\(path):5:10: error[TDL306]:"), r.err)
        XCTAssertTrue(r.err.contains("1 error in 1 file"), r.err)
        XCTAssertTrue(r.err.contains("not exported"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out"))
    }

    func testData() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        func run(_ json: String) -> RunResult {
            runTool(["export", "--template", "first", "--data", dir.write("data.json", json), path])
        }
        let good = run("{\"who\": \"<Ada>\"}")
        XCTAssertEqual(good.status, 0, good.err)
        XCTAssertTrue(good.out.contains("<p id=\"hello\" class=\"tdl-a1\" dir=\"auto\">Hello &lt;Ada&gt;</p>"), good.out)

        let unknown = run("{\"who\": \"Ada\", \"extra\": 1}")
        XCTAssertEqual(unknown.status, 0, unknown.err)
        XCTAssertTrue(unknown.err.contains("warning: the data sets `extra`"), unknown.err)
        XCTAssertTrue(unknown.out.contains("Hello Ada"))

        let wrong = run("{\"who\": 3}")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.out, "")
        XCTAssertTrue(wrong.err.contains("error: parameter `who` of template `first` is a string"), wrong.err)

        let boolean = run("{\"who\": true}")
        XCTAssertEqual(boolean.status, 1, "a JSON boolean is not a number or string")
        XCTAssertTrue(boolean.err.contains("gives a boolean"), boolean.err)

        let nested = run("{\"who\": [1]}")
        XCTAssertEqual(nested.status, 1)
        XCTAssertTrue(nested.err.contains("`who` is not"), nested.err)

        XCTAssertEqual(run("{not json").status, 2)
        XCTAssertEqual(run("[1, 2]").status, 2)
        XCTAssertEqual(runTool(["export", "--data", dir.path + "/none.json", path]).status, 2)
    }

    /// Parameters in URLs are filled in percent-encoded; a value that makes a script URL stops
    /// the export, one that makes another refused scheme is a warning and the URL is left out.
    func testDataInURLs() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("links.tdl", """
        format 1
        template t {
          size: 200 x 100
          params {
            scheme: "https"
            id: "1"
          }
          button go {
            label: "Go"
            action: "{{scheme}}://example.com/{{id}}"
            size: 80 x 30
          }
        }

        """)
        func run(_ json: String) -> RunResult {
            runTool(["export", "--data", dir.write("data.json", json), path])
        }
        let encoded = run("{\"id\": \"a b/c?d\"}")
        XCTAssertEqual(encoded.status, 0, encoded.err)
        XCTAssertTrue(encoded.out.contains("href=\"https://example.com/a%20b%2Fc%3Fd\""), encoded.out)

        let script = run("{\"scheme\": \"javascript\"}")
        XCTAssertEqual(script.status, 1)
        XCTAssertEqual(script.out, "")
        XCTAssertTrue(script.err.contains("data.json: error: with the data's parameter values, `action` of `button go` becomes a `javascript:` URL"), script.err)

        let ftp = run("{\"scheme\": \"ftp\"}")
        XCTAssertEqual(ftp.status, 0, ftp.err)
        XCTAssertTrue(ftp.err.contains("data.json: warning: with the data's parameter values, `action` of `button go` becomes a `ftp:` URL"), ftp.err)
        XCTAssertFalse(ftp.out.contains("ftp:"), ftp.out)
        XCTAssertTrue(ftp.out.contains("<p id=\"go\" class=\"tdl-button "), ftp.out)
    }

    func testUsageAndHelp() {
        XCTAssertEqual(runTool(["export"]).status, 2)
        XCTAssertEqual(runTool(["export", "a.tdl", "b.tdl"]).status, 2)
        XCTAssertEqual(runTool(["export", "--frobnicate", "a.tdl"]).status, 2)
        let missing = runTool(["export", "/nonexistent/x.tdl"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("/nonexistent/x.tdl: error:"), missing.err)
        let help = runTool(["help", "export"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("Usage: template-fmt export"))
        XCTAssertEqual(runTool(["export", "--help"]).out, help.out)
        XCTAssertTrue(runTool(["--help"]).out.contains("  export  "))
    }

    func testStandardInput() {
        let r = runTool(["export", "-"], stdin: "format 1\ntemplate t { size: 10 x 10; text a { text: \"hi\" } }\n")
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("<p id=\"a\" class=\"tdl-a1\" dir=\"auto\">hi</p>"))
    }
}
