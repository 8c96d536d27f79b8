/// A spinner whose look depends only on a tick counter, so snapshots are deterministic.
public enum Spinner {
    /// The spinner's frames, in order.
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame for `tick`.
    public static func frame(tick: Int) -> Character {
        frames[((tick % frames.count) + frames.count) % frames.count]
    }

    /// Draws the spinner followed by `label` at `position`.
    public static func draw(into frame: inout Frame, at position: Position, tick: Int, label: String) {
        frame.put("\(self.frame(tick: tick)) \(label)", at: position, style: Style(foreground: .cyan))
    }
}
