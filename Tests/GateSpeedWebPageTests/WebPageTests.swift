import Foundation
import GateSpeedWebPage
import Testing

/// The page's source files, beside this package's sources.
private let pageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/GateSpeedWebPage/page")

private func pageFile(_ name: String) throws -> String {
    try String(contentsOf: pageDirectory.appendingPathComponent(name), encoding: .utf8)
}

/// Deploy/embed-page.sh's rule, again: index.html with the lines that are exactly a style sheet
/// link or a script element replaced by the file inlined.
private func assembled() throws -> String {
    var out = ""
    for line in try pageFile("index.html").split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let text = String(line)
        if text.hasPrefix("<link rel=\"stylesheet\" href=\""), text.hasSuffix("\">") {
            let name = text.dropFirst("<link rel=\"stylesheet\" href=\"".count).dropLast(2)
            out += "<style>\n" + (try pageFile(String(name))) + "</style>\n"
        } else if text.hasPrefix("<script src=\""), text.hasSuffix("\"></script>") {
            let name = text.dropFirst("<script src=\"".count).dropLast("\"></script>".count)
            out += "<script>\n" + (try pageFile(String(name))) + "</script>\n"
        } else {
            out += text + "\n"
        }
    }
    return out
}

@Suite("WebPage")
struct WebPageTests {
    @Test("the embedded page is the page's files, assembled (run Deploy/embed-page.sh after editing them)")
    func embeddedCopyMatchesFiles() throws {
        let embedded = String(decoding: WebPage.index, as: UTF8.self)
        let expected = try assembled()
        #expect(embedded == expected, "EmbeddedPage.swift is out of date: run Deploy/embed-page.sh")
        #expect(!embedded.contains("<script src=") && !embedded.contains("<link rel=\"stylesheet\""))
    }

    @Test("the page fetches nothing from elsewhere: no http(s) URL but the SVG namespace")
    func selfContained() {
        let page = String(decoding: WebPage.index, as: UTF8.self)
            .replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\"//"))
        #expect(!page.contains("@import") && !page.contains("url("))
    }

    @Test("every element the scripts look up by id is in the page")
    func scriptIdsExist() throws {
        let page = String(decoding: WebPage.index, as: UTF8.self)
        var missing: [String] = []
        for script in ["app.js", "setup.js"] {
            let text = try pageFile(script)
            var rest = Substring(text)
            while let range = rest.range(of: "$('") {
                rest = rest[range.upperBound...]
                guard let end = rest.firstIndex(of: "'") else { break }
                let id = String(rest[..<end])
                if !page.contains("id=\"\(id)\"") { missing.append("\(script): \(id)") }
            }
        }
        #expect(missing.isEmpty, "ids not in index.html: \(missing)")
    }

    @Test("phone first: the viewport is the device's width")
    func viewport() {
        let page = String(decoding: WebPage.index, as: UTF8.self)
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width"))
    }
}
