import Foundation

extension ScreenFormat {
    /// The ISO 639 languages a locale's name may begin with.
    static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// The scripts POSIX locale modifiers name ("@latin").
    static let scripts = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva"]

    /// The driver's format as every POSIX program reads it: `LC_ALL`, then `LC_TIME` (times and
    /// dates) or `LC_MONETARY` (money), then `LANG`; `C` and `POSIX` read as US English. The time
    /// zone is `TZ`, else the system's, a POSIX rule read around `now`; dates of `now`'s year say
    /// none. (Foundation on Linux answers `en_001` whatever these say.)
    public static func driver(environment: [String: String], now: Date) -> ScreenFormat {
        func setting(_ category: String) -> String? {
            for name in ["LC_ALL", category, "LANG"] {
                if let value = environment[name], !value.isEmpty { return value }
            }
            return nil
        }
        func locale(_ value: String?) -> Locale {
            guard let value else { return Locale(identifier: "en_US") }
            // "de_DE.UTF-8@euro" -> "de_DE"
            var identifier = String(value.prefix { $0 != "." && $0 != "@" })
            if ["", "C", "POSIX", "en_US"].contains(identifier) { return Locale(identifier: "en_US") }
            // A locale no language names ("garbage", "xx_YY") is one a POSIX program can't set,
            // and reads as C: ICU's root locale ("M11 29") is no driver's.
            let language = String(identifier.prefix { $0 != "_" && $0 != "-" })
            guard Self.languages.contains(language) else { return Locale(identifier: "en_US") }
            // "sr_RS.UTF-8@latin": the modifier names the script, which the identifier then carries.
            if let script = value.split(separator: "@").dropFirst().first.flatMap({ Self.scripts[String($0)] }) {
                identifier = language + "_" + script + identifier.dropFirst(language.count)
            }
            return Locale(identifier: identifier)
        }
        let zone = PosixTimeZone.zone(environment["TZ"], now: now)
        var format = ScreenFormat(locale: locale(setting("LC_TIME")), moneyLocale: locale(setting("LC_MONETARY")), timeZone: zone)
        let characterSet = (setting("LC_CTYPE") ?? "").uppercased()
        format.writesASCIIOnly = !(characterSet.contains("UTF-8") || characterSet.contains("UTF8"))
        return format.at(now)
    }
}
