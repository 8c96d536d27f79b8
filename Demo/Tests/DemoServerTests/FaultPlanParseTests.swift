import DemoServer
import Testing

@Suite("FaultPlan.parse")
struct FaultPlanParseTests {
    @Test("Valid values", arguments: [
        ("latency=250ms", FaultPlan(latency: .milliseconds(250))),
        ("latency=2s", FaultPlan(latency: .seconds(2))),
        ("latency=1.5s", FaultPlan(latency: .milliseconds(1500))),
        ("latency=0ms", FaultPlan(latency: .zero)),
        ("LATENCY=60S", FaultPlan(latency: .seconds(60))),
        ("status=503", FaultPlan(status: 503)),
        ("malformed", FaultPlan(malformedJSON: true)),
        ("truncate", FaultPlan(truncatedBody: true)),
        ("close", FaultPlan(closeConnection: true)),
        ("latency=100ms;status=500", FaultPlan(latency: .milliseconds(100), status: 500)),
        (" latency = 100ms ; malformed ;", FaultPlan(latency: .milliseconds(100), malformedJSON: true)),
        ("", FaultPlan.none),
        (";;", FaultPlan.none),
    ])
    func valid(header: String, expected: FaultPlan) throws {
        #expect(try FaultPlan.parse(header) == expected)
    }

    @Test("Invalid values name the bad part", arguments: [
        ("latency", "latency"),
        ("latency=", "latency="),
        ("latency=fast", "latency=fast"),
        ("latency=250", "latency=250"),
        ("latency=-5ms", "latency=-5ms"),
        ("latency=61s", "latency=61s"),
        ("latency=60001ms", "latency=60001ms"),
        ("latency=1.2345s", "latency=1.2345s"),
        ("status=200", "status=200"),
        ("status=600", "status=600"),
        ("status=abc", "status=abc"),
        ("status", "status"),
        ("malformed=yes", "malformed=yes"),
        ("explode", "explode"),
        ("status=500;status=503", "status=503"),
        ("latency=10ms;bogus", "bogus"),
    ])
    func invalid(header: String, badPart: String) {
        #expect {
            try FaultPlan.parse(header)
        } throws: { error in
            guard let error = error as? FaultPlanParseError else { return false }
            return error.part == badPart && error.description.hasPrefix("Invalid fault \"\(badPart)\": ")
        }
    }

    @Test("headerValue reads back to the same plan")
    func roundTrip() throws {
        let plans = [
            FaultPlan.none,
            FaultPlan(latency: .milliseconds(250), status: 503, malformedJSON: true, truncatedBody: true, closeConnection: true),
            FaultPlan(latency: .seconds(2)),
            FaultPlan(truncatedBody: true),
        ]
        for plan in plans {
            #expect(try FaultPlan.parse(plan.headerValue) == plan)
        }
        #expect(FaultPlan(latency: .milliseconds(100), status: 500).headerValue == "latency=100ms;status=500")
        #expect(FaultPlan.none.description == "none")
        #expect(FaultPlan.none.isNone)
    }
}
