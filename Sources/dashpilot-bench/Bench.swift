import DashPilotCore
import Foundation

/// `dashpilot-bench`: builds realistic stores through the library's own write paths, and times
/// the operations a driver waits on.
enum Bench {
    static let usage = """
        USAGE: dashpilot-bench generate --profile heavy10y|heavy20y|ci --seed N --out PATH
               dashpilot-bench run --store PATH [--repetitions N]
        """

    static func main(_ arguments: [String]) -> Int32 {
        var options: [String: String] = [:]
        var index = 1
        while index < arguments.count {
            options[arguments[index]] = index + 1 < arguments.count ? arguments[index + 1] : ""
            index += 2
        }
        do {
            switch arguments.first {
            case "generate":
                guard let name = options["--profile"], let profile = Profile.named(name), let out = options["--out"] else {
                    FileHandle.standardError.write(
                        Data("Error: generate needs --profile heavy10y|heavy20y|ci and --out PATH.\n\(usage)\n".utf8))
                    return 64
                }
                let seed = UInt64(options["--seed"] ?? "1") ?? 1
                try Generator(profile: profile, seed: seed, path: out).generate()
            case "run":
                guard let path = options["--store"] else {
                    FileHandle.standardError.write(Data("Error: run needs --store PATH.\n\(usage)\n".utf8))
                    return 64
                }
                try Runner(path: path, repetitions: Int(options["--repetitions"] ?? "") ?? 0).run()
                try KeyToFrame(path: path, repetitions: Int(options["--repetitions"] ?? "") ?? 5).run()
            default:
                print(usage)
                return arguments.first == nil || arguments.first == "help" || arguments.first == "--help" ? 0 : 64
            }
            return 0
        } catch let refusal as DashPilotRefusal {
            FileHandle.standardError.write(Data("Error: \(refusal.sentence)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            return 74
        }
    }
}

/// A store's size and shape.
struct Profile {
    var name: String
    var shifts: Int
    var deliveriesPerShift: ClosedRange<Int>
    var places: Int
    var sampleInterval: Double
    /// The years the shifts spread over, ending where ten years from 2016-12-01 end.
    var years: Double = 10

    static func named(_ name: String) -> Profile? {
        switch name {
        case "heavy10y": Profile(name: name, shifts: 5000, deliveriesPerShift: 12...28, places: 2000, sampleInterval: 5)
        // Twice the history, for the cost's growth with it: the same driver for twenty years.
        case "heavy20y": Profile(name: name, shifts: 10_000, deliveriesPerShift: 12...28, places: 2000, sampleInterval: 5, years: 20)
        case "ci": Profile(name: name, shifts: 60, deliveriesPerShift: 12...28, places: 80, sampleInterval: 600)
        default: nil
        }
    }
}

/// The generator's clock: set to each event's time before the library records it.
final class ScriptedClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 0)
    func now() -> Date { lock.withLock { current } }
    func set(_ date: Date) { lock.withLock { current = date } }
}

/// Medians and percentiles of measured durations.
struct Timings {
    var samples: [Double] = []

    mutating func add(_ seconds: Double) { samples.append(seconds) }

    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    var median: Double { percentile(0.5) }
}

/// Runs `body` and returns how long it took, in seconds.
@inline(never)
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A duration for the table ("41.2 µs", "3.10 ms").
func formatDuration(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}
