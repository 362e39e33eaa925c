public enum CommandLineTool { public static func main() -> Int32 { 0 } }
