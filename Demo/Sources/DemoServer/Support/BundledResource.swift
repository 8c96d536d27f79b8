import Foundation

/// Files that ship in the module's `Resources/` folder.
enum BundledResource {
    /// The bytes of `Resources/<name>.<fileExtension>`.
    ///
    /// - Throws: ``DemoServerError/resourceMissing(_:)`` naming the file when it is not in the bundle.
    static func data(named name: String, withExtension fileExtension: String) throws(DemoServerError) -> Data {
        let url = Bundle.module.url(forResource: name, withExtension: fileExtension, subdirectory: "Resources")
            ?? Bundle.module.url(forResource: name, withExtension: fileExtension)
        guard let url, let data = try? Data(contentsOf: url) else {
            throw .resourceMissing("\(name).\(fileExtension)")
        }
        return data
    }
}
