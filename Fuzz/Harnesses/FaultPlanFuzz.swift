// Fuzz target `fault-plan`: DemoServer's FaultPlan.parse (the X-Demo-Fault header and --fault).
//
// The input is the header value, read as UTF-8 with `String(decoding:as:)`. Properties, from
// FaultPlan's documentation and FaultPlanParseTests:
// - parse either returns a plan or throws FaultPlanParseError; it never traps;
// - a parsed plan keeps the documented ranges: latency 0...60 s in whole milliseconds, status
//   400...599;
// - `headerValue` reads back to an equal plan, and so does `description` unless the plan is
//   `none` (whose description is "none" and whose header value is empty);
// - an error names a non-empty part of the value "as written": its UTF-8 occurs in the input,
//   and its description starts `Invalid fault "<part>": `, the part cut to 64 characters and
//   "…" when longer (QuotedValue: an answer never echoes a huge input).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let header = String(decoding: bytes, as: UTF8.self)
    do {
        let plan = try FaultPlan.parse(header)
        if let latency = plan.latency {
            invariant(latency >= .zero && latency <= FaultPlan.maximumLatency, "latency \(latency) out of range")
            invariant(latency.components.attoseconds % 1_000_000_000_000_000 == 0, "latency \(latency) is not whole milliseconds")
        }
        if let status = plan.status {
            invariant((400...599).contains(status), "status \(status) out of range")
        }
        do {
            let again = try FaultPlan.parse(plan.headerValue)
            invariant(again == plan, "headerValue \(plan.headerValue.debugDescription) reads back as \(again), not \(plan)")
        } catch {
            invariant(false, "headerValue \(plan.headerValue.debugDescription) of \(header.debugDescription) does not parse: \(error)")
        }
        if plan.isNone {
            invariant(plan.description == "none" && plan.headerValue.isEmpty, "none's description and header value")
        } else {
            invariant(plan.description == plan.headerValue, "description != headerValue for \(plan)")
        }
    } catch {
        invariant(!error.part.isEmpty, "an error with an empty part for \(header.debugDescription)")
        invariant(containsRun(Array(header.utf8), Array(error.part.utf8)), "error part \(error.part.debugDescription) is not in \(header.debugDescription)")
        invariant(
            error.description.hasPrefix("Invalid fault \"\(QuotedValue.excerpt(error.part))\": "),
            "error description \(error.description.debugDescription)"
        )
    }
    return 0
}
