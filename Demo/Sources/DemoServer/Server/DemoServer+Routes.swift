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

    /// How to sign in and call the API with curl, for help texts.
    public static var signInSummary: String {
        """
        Accounts: the users' routes need an access token (unless --no-auth). The account \(demoAccount.loginID) / \(demoAccount.password)
        is always there; POST /api/registrations makes others. With curl:
          curl -s -X POST http://127.0.0.1:8080/api/sessions -H 'Content-Type: application/json' \\
               -d '{"loginID": "\(demoAccount.loginID)", "password": "\(demoAccount.password)"}'
          curl -s http://127.0.0.1:8080/api/users -H 'Authorization: Bearer <accessToken>'
        An access token expires after --token-lifetime seconds (answered 401): POST /api/sessions/refresh with
        {"refreshToken": "<refreshToken>"} answers a new pair, once per refresh token; POST /api/sessions/sign-out revokes it.
        """
    }
}
