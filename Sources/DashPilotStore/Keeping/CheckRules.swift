/// The schema's CHECK rules, asked of every row: SQLite's integrity check leaves them out on a
/// connection that cannot write (it drops them as it reads the schema), and a file that is
/// checked is opened read-only, so that checking it never changes it (a backup's leftover
/// journal rolled back, its log folded in).
enum CheckRules {
    /// What SQLite's integrity check says of each table with rows that break one of its rules
    /// ("CHECK constraint failed in expense"), in the order of the schema; none when every row
    /// keeps them.
    static func broken(in connection: Connection) throws -> [String] {
        let tables = try connection.texts(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
        )
        var failed: [String] = []
        for table in tables {
            guard let sql = try connection.texts("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", .text(table)).first
            else { continue }
            let rules = expressions(in: sql)
            guard !rules.isEmpty else { continue }
            // A rule is broken where it is false; NULL keeps it, as SQLite's CHECK does.
            let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let condition = rules.map { "NOT (\($0))" }.joined(separator: " OR ")
            if try connection.scalar("SELECT EXISTS (SELECT 1 FROM \(quoted) WHERE \(condition))") == 1 {
                failed.append("CHECK constraint failed in \(table)")
            }
        }
        return failed
    }

    /// The expression of every `CHECK (…)` in a table's `CREATE TABLE` text: the parenthesised
    /// text after the word, outside quotes, its own parentheses balanced.
    static func expressions(in sql: String) -> [String] {
        let characters = Array(sql)
        var rules: [String] = []
        var index = 0
        var quote: Character?
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
                index += 1
                continue
            }
            if character == "'" || character == "\"" || character == "`" {
                quote = character
                index += 1
                continue
            }
            let startsWord =
                index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber || characters[index - 1] == "_")
            guard startsWord, index + 5 <= characters.count, String(characters[index..<index + 5]).uppercased() == "CHECK" else {
                index += 1
                continue
            }
            var position = index + 5
            while position < characters.count, characters[position].isWhitespace { position += 1 }
            guard position < characters.count, characters[position] == "(" else {
                index += 1
                continue
            }
            var depth = 0
            var inside: Character?
            var end = position
            while end < characters.count {
                let next = characters[end]
                if let open = inside {
                    if next == open { inside = nil }
                } else if next == "'" || next == "\"" || next == "`" {
                    inside = next
                } else if next == "(" {
                    depth += 1
                } else if next == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            guard end < characters.count else { break }
            rules.append(String(characters[(position + 1)..<end]))
            index = end + 1
        }
        return rules
    }
}
