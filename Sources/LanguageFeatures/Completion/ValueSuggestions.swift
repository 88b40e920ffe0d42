/// Values completion proposes inside strings whose meaning the schema does not enumerate:
/// font families and BCP 47 language tags.
enum ValueSuggestions {
    /// Families most systems and browsers have, then the CSS generic families (the
    /// exporter writes the family as given, followed by a sans-serif fallback).
    static let fontFamilies: [String] = [
        "Inter", "Roboto", "Helvetica", "Arial", "Verdana", "Georgia", "Times New Roman",
        "Courier New", "system-ui", "sans-serif", "serif", "monospace",
    ]

    /// A language tag and its name in English. `rightToLeft` marks scripts written from
    /// right to left.
    struct Language {
        let tag: String
        let name: String
        let rightToLeft: Bool
    }

    /// Common tags, the bare language before its regional variants.
    static let languages: [Language] = [
        ("en", "English"), ("en-US", "English (United States)"), ("en-GB", "English (United Kingdom)"),
        ("fr", "French"), ("de", "German"), ("es", "Spanish"), ("es-MX", "Spanish (Mexico)"),
        ("it", "Italian"), ("pt", "Portuguese"), ("pt-BR", "Portuguese (Brazil)"), ("nl", "Dutch"),
        ("sv", "Swedish"), ("da", "Danish"), ("nb", "Norwegian Bokmål"), ("fi", "Finnish"),
        ("pl", "Polish"), ("cs", "Czech"), ("ro", "Romanian"), ("hu", "Hungarian"), ("el", "Greek"),
        ("tr", "Turkish"), ("ru", "Russian"), ("uk", "Ukrainian"), ("ar", "Arabic"), ("he", "Hebrew"),
        ("fa", "Persian"), ("ur", "Urdu"), ("hi", "Hindi"), ("bn", "Bengali"), ("th", "Thai"),
        ("vi", "Vietnamese"), ("id", "Indonesian"), ("ms", "Malay"), ("ja", "Japanese"), ("ko", "Korean"),
        ("zh-Hans", "Chinese (Simplified)"), ("zh-Hant", "Chinese (Traditional)"),
    ].map { tag, name in
        Language(tag: tag, name: name, rightToLeft: ["ar", "he", "fa", "ur"].contains(tag))
    }
}
