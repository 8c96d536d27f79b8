extension DemoServer {
    /// The routes the server answers, one a line, for help texts.
    public static var routeSummary: String { DemoRouter.routeSummary }

    /// How to inject faults, for help texts.
    public static var faultSummary: String {
        """
        Faults: send the header X-Demo-Fault (or start with --fault) with parts separated by ";":
          latency=250ms | latency=2s   wait before answering
          status=503                   answer with that status and an injected_fault error
          malformed                    answer 200 with a body that is not valid JSON (avatars: not a PNG)
          truncate                     answer with the real body cut in half
          close                        close the connection without answering
        """
    }
}
