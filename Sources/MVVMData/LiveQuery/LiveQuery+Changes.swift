import Foundation

// What a live query does when its records change (``RecordStore``'s observers).
extension LiveQuery {
    func recordsChanged(_ change: RecordChange<ID>) {
        deviceAnswer.forget()
        guard !isMergingOwnPage else { return }
        if change.ids.isEmpty, change.reason == .merged {
            // Saved records became readable by queries (indexed): the device's answer is read again.
            deviceAnswer.lastRead = nil
            if loadedQuery == nil {
                showAll()
                publish()
            }
            return
        }
        if change.reason == .committed {
            // The server counts the write now: the count shown stays as it is (no flicker).
            for count in countsShown {
                guard let shown = result.counts[count] else { continue }
                serverCounts[count.name] = count.serverFigure(shown: shown, records: records)
            }
        }
        if loadedQuery != nil {
            update(change.ids)
        } else if !updateDeviceAnswer(change.ids) {
            showAll()
        }
        if loadedQuery == nil, result.nextPage == .reachedEnd || result.nextPage == .idle {
            // The device's answer is short of what was read (rows deleted or changed here): the
            // storage is read again for the rows after (by `publish`). A read that finds nothing
            // new tells nothing, so this ends.
            deviceAnswer.lastRead = nil
        }
        publish()
        switch change.reason {
        case .committed where records.pendingIDs.isEmpty:
            loadCounts()   // read again once no write is left
        case .writesLost:
            load(.refresh)   // writes kept on the device were lost: what the rows show may be wrong
        default:
            break
        }
    }
}
