extension Navigation where Destination: NavigationDestination {
    /// The longest path, in UTF-8 bytes, that ``init(path:)`` reads.
    package static var maximumPathLength: Int { 2_048 }
    /// The most components ``init(path:)`` reads.
    package static var maximumDepth: Int { 64 }

    /// The stack as a path: each destination's ``NavigationDestination/pathComponent``,
    /// percent-encoded, joined by `/` (`users/42`); empty on the root screen. The modal is not
    /// part of it.
    public var path: String {
        stack.map { PathComponentEncoding.encode($0.pathComponent) }.joined(separator: "/")
    }

    /// The stack that `path` names (as ``path`` writes it), with no modal. A leading or
    /// trailing `/` is ignored; an empty path is the root screen.
    ///
    /// - Throws: ``NavigationPathError`` saying which component is wrong; never traps,
    ///   whatever the text.
    public init(path: String) throws(NavigationPathError) {
        guard path.utf8.count <= Self.maximumPathLength else { throw .tooLong }
        var text = Substring(path)
        if text.hasPrefix("/") { text = text.dropFirst() }
        if text.hasSuffix("/") { text = text.dropLast() }
        guard !text.isEmpty else {
            self.init()
            return
        }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count <= Self.maximumDepth else { throw .tooLong }
        var stack: [Destination] = []
        for (position, encoded) in components.enumerated() {
            guard !encoded.isEmpty else { throw .emptyComponent(position: position) }
            guard let component = PathComponentEncoding.decode(encoded) else { throw .invalidEscape(position: position) }
            guard let destination = Destination.destination(named: component, after: stack.last) else {
                throw .unknownComponent(component, position: position, parent: stack.last?.pathComponent)
            }
            stack.append(destination)
        }
        self.init(stack: stack)
    }
}
