/// A key press in the interactive mode.
enum Key: Equatable {
    case up
    case down
    case enter
    case escape
    case backspace
    case interrupt
    case endOfInput
    case text(String)

    /// Splits raw terminal input into keys.
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        var pendingText: [UInt8] = []
        func flush() {
            if !pendingText.isEmpty {
                keys.append(.text(String(decoding: pendingText, as: UTF8.self)))
                pendingText = []
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                flush()
                if index + 2 < bytes.count, bytes[index + 1] == 0x5B || bytes[index + 1] == 0x4F {
                    // CSI or SS3: arrows are A/B; skip any other sequence whole.
                    var end = index + 2
                    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                    if end < bytes.count {
                        if bytes[end] == 0x41 { keys.append(.up) } else if bytes[end] == 0x42 { keys.append(.down) }
                    }
                    index = end + 1
                    continue
                }
                keys.append(.escape)
            case 0x0D, 0x0A:
                flush()
                keys.append(.enter)
            case 0x7F, 0x08:
                flush()
                keys.append(.backspace)
            case 0x03:
                flush()
                keys.append(.interrupt)
            case 0x04:
                flush()
                keys.append(.endOfInput)
            case 0x00..<0x20:
                flush()
            default:
                pendingText.append(byte)
            }
            index += 1
        }
        flush()
        return keys
    }
}
