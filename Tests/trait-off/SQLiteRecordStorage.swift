// expect: 'SQLiteRecordStorage' is unavailable: SQLiteRecordStorage needs swift-mvvm's MVVMGRDB trait
import MVVMData
import MVVMGRDB

func records() throws -> any RecordStorage { try SQLiteRecordStorage(path: "/tmp/records.sqlite", kind: "users") }
