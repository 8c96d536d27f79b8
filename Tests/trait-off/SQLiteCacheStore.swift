// expect: 'SQLiteCacheStore' is unavailable: SQLiteCacheStore needs swift-mvvm's MVVMGRDB trait
import MVVMData
import MVVMGRDB

func cache() throws -> any CacheStore { try SQLiteCacheStore(path: "/tmp/cache.sqlite") }
