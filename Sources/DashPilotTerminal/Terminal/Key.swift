/// A key press in the interactive mode.
enum Key: Equatable {
    case up
    case down
    case enter
    case escape
    case backspace
    case interrupt
    case endOfInput
    case left
    case right
    case home
    case end
    case delete
    case control(Character)
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
                        let parameter = bytes[(index + 2)..<end]
                        switch bytes[end] {
                        case 0x41: keys.append(.up)
                        case 0x42: keys.append(.down)
                        case 0x43: keys.append(.right)
                        case 0x44: keys.append(.left)
                        case 0x48: keys.append(.home)
                        case 0x46: keys.append(.end)
                        case 0x7E where parameter.elementsEqual("3".utf8): keys.append(.delete)
                        case 0x7E where parameter.elementsEqual("1".utf8) || parameter.elementsEqual("7".utf8): keys.append(.home)
                        case 0x7E where parameter.elementsEqual("4".utf8) || parameter.elementsEqual("8".utf8): keys.append(.end)
                        default: break
                        }
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
            case 0x01, 0x05, 0x0B, 0x15, 0x17, 0x1A:
                // Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-U, Ctrl-W, Ctrl-Z
                flush()
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
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
