/// The page the box serves at `/`: one HTML document with its style sheet and scripts inlined,
/// nothing fetched from elsewhere (the board is offline at the course). The sources are the
/// files in `page/`; `Deploy/embed-page.sh` writes `EmbeddedPage.swift` from them.
public enum WebPage {
    /// The document's bytes (UTF-8).
    public static let index: [UInt8] = Array(indexHTML.utf8)
    /// Its `Content-Type`.
    public static let contentType = "text/html; charset=utf-8"
}
