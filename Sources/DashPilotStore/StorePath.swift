/// A store's path as the bytes it was given: a name that is not UTF-8 is used as it is, never
/// repaired into another file's name. Shown to the driver as text, each byte that is not UTF-8
/// written as `\xFF`: never as U+FFFD, which would name another file (one a script then used).
public struct StorePath: Sendable, Equatable {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// The path `text` names.
    public init(_ text: String) { bytes = Array(text.utf8) }

    /// The path `bytes` name (a NUL ends them, as it would for the system).
    public init(bytes: [UInt8]) { self.bytes = Array(bytes.prefix { $0 != 0 }) }

    /// The path as text, for messages and JSON: its bytes that are not UTF-8 as `\xFF`.
    public var display: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// Runs `body` with the path as a C string.
    public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path with `suffix` appended ("-journal").
    func appending(_ suffix: String) -> StorePath { StorePath(bytes: bytes + Array(suffix.utf8)) }

    /// The folder that holds it ("." for a bare name).
    public var folder: StorePath {
        guard let slash = bytes.lastIndex(of: 0x2F) else { return StorePath(".") }
        return slash == 0 ? StorePath("/") : StorePath(bytes: Array(bytes[..<slash]))
    }

    /// A path inside this one, a folder: `self/name`, `name` as its bytes.
    func child(_ name: [UInt8]) -> StorePath { StorePath(bytes: bytes + [0x2F] + name) }

    /// A path inside this one's folder: `folder/name`.
    func sibling(_ name: String) -> StorePath {
        StorePath(bytes: folder.bytes + [0x2F] + Array(name.utf8))
    }
}
