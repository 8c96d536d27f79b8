import MVVMCore

// The counts a live query shows beside its rows: the server's figures (asked for with a refresh,
// saved on the device by name, read back before the network answers), moved by the writes the
// server has not answered.
extension LiveQuery {
    func loadCounts() {
        guard let fetchCounts, !countsShown.isEmpty else { return }
        let records = self.records, name = self.name
        if serverCounts.isEmpty, records.storage != nil {
            host?.run(.savedCounts, onCancel: nil) { [weak self] in
                guard let saved = await records.savedFigures(named: name) else { return }
                self?.takeCounts(saved, onlyIfUnknown: true)
            }
        }
        host?.run(.counts, onCancel: nil) { [weak self] in
            guard let fetched = try? await fetchCounts() else { return }
            // By name on the device: the key a figure is saved under.
            let counts = Dictionary(fetched.map { ($0.key.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            self?.takeCounts(counts, onlyIfUnknown: false)
            await records.saveFigures(counts, named: name)
        }
    }

    func takeCounts(_ counts: [String: Int], onlyIfUnknown: Bool) {
        for count in countsShown {
            guard let figure = counts[count.name], !onlyIfUnknown || serverCounts[count.name] == nil else { continue }
            serverCounts[count.name] = max(0, figure)
        }
        publish()
    }

    func shownCounts() -> [LiveCount<Record>: Int] {
        var shown: [LiveCount<Record>: Int] = [:]
        for count in countsShown {
            guard let figure = serverCounts[count.name] else { continue }
            shown[count] = count.shown(figure, records: records)
        }
        return shown
    }
}
