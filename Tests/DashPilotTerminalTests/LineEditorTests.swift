import Testing

@testable import DashPilotTerminal

@Suite("The line editor of text fields")
struct LineEditorTests {
    static func edit(_ start: String, cursorFromEnd: Int = 0, _ keys: [Key]) -> (String, Int) {
        var editor = LineEditor(text: start)
        for _ in 0..<cursorFromEnd { _ = editor.handle(.left) }
        for key in keys { _ = editor.handle(key) }
        return (editor.text, editor.cursor)
    }

    @Test(
        "Keys as a shell's line editor has them",
        arguments: [
            // (start, cursor from the end, keys, text, cursor)
            ("Nowere Noodles", 11, [Key.text("h")], "Nowhere Noodles", 4),
            ("Nowhere Noodles", 0, [.control("a"), .delete], "owhere Noodles", 0),
            ("Nowhere Noodles", 0, [.home, .right, .right, .control("k")], "No", 2),
            ("Nowhere Noodles", 8, [.control("u")], " Noodles", 0),
            ("Nowhere Noodles", 0, [.control("w")], "Nowhere ", 8),
            ("Nowhere Noodles  ", 0, [.control("w")], "Nowhere ", 8),
            ("Nowhere", 0, [.control("a"), .control("e"), .backspace], "Nowher", 6),
            ("Nowhere", 0, [.left, .left, .left, .left, .left, .left, .left, .left, .backspace], "Nowhere", 0),
        ] as [(String, Int, [Key], String, Int)])
    func keys(start: String, fromEnd: Int, keys: [Key], text: String, cursor: Int) {
        let (edited, at) = Self.edit(start, cursorFromEnd: fromEnd, keys)
        #expect(edited == text && at == cursor)
    }

    @Test func anEmojiOrALetterWithItsAccentsIsOneStep() {
        #expect(Self.edit("Cafe\u{301}", [.backspace]) == ("Caf", 3))
        #expect(Self.edit("Noodles 🍜", [.backspace]) == ("Noodles ", 8))
        #expect(Self.edit("👩‍🍳 Kitchen", cursorFromEnd: 8, [.backspace]) == (" Kitchen", 0))
        #expect(Self.edit("拉面小馆", cursorFromEnd: 1, [.backspace]) == ("拉面馆", 2))
        // A combining mark typed after a letter joins it.
        #expect(Self.edit("Cafe", [.text("\u{301}")]) == ("Café", 4))
    }

    @Test func theFieldScrollsSoThatTheCursorIsAlwaysInView() {
        var editor = LineEditor(text: String(repeating: "a", count: 50) + "XYZ")
        // The terminal's own cursor stands after the text, in the cell kept for it.
        #expect(editor.visible(width: 10) == (String(repeating: "a", count: 6) + "XYZ ", 9))
        for _ in 0..<53 { _ = editor.handle(.left) }
        #expect(editor.visible(width: 10) == ("aaaaaaaaaa", 0))
        let wide = LineEditor(text: "拉面小馆拉面小馆")
        let shown = wide.visible(width: 9)
        #expect(DisplayWidth.of(shown.text) <= 9 && shown.text.hasSuffix("馆 ") && shown.cursor == DisplayWidth.of(shown.text) - 1)
    }

    @Test func keysFromTheTerminal() {
        #expect(
            Key.parse(Array("\u{1B}[D\u{1B}[C\u{1B}[H\u{1B}[F\u{1B}[3~\u{01}\u{05}\u{0B}\u{15}\u{17}\u{1A}".utf8)) == [
                .left, .right, .home, .end, .delete, .control("a"), .control("e"), .control("k"), .control("u"), .control("w"),
                .control("z"),
            ])
    }
}
