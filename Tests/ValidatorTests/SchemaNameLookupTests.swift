import XCTest
@testable import Validator
@testable import TemplateFormat

/// Every property key and kind name of the schema maps to its own id through the lookup the
/// node table inlines, and near misses map to -1 (or to the id of the name they spell).
final class SchemaNameLookupTests: XCTestCase {
    func testSchemaNamesAndNearMisses() {
        for table in [SchemaIndex.properties, SchemaIndex.kinds] {
            let names = table.names.map { Array($0.utf8) }
            func expected(_ key: [UInt8]) -> Int { names.firstIndex(of: key) ?? -1 }
            for (id, name) in names.enumerated() {
                var keys: [[UInt8]] = [name, name + [UInt8(ascii: "s")], name + [0], Array(name.dropLast()), [UInt8(ascii: "x")] + name]
                for i in name.indices {
                    var changed = name
                    changed[i] ^= 0x20  // other case (or another punctuation byte)
                    keys.append(changed)
                }
                for key in keys {
                    // In the middle of a document (the inlined path) and at its very end.
                    for after in [Array(": 1\n}\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 20), []] {
                        let bytes = Array("  ".utf8) + key + after
                        let found = bytes.withUnsafeBufferPointer { table.id($0, 2, 2 + key.count) }
                        XCTAssertEqual(found, expected(key), "\(String(decoding: key, as: UTF8.self))")
                    }
                }
                XCTAssertEqual(table.id(String(decoding: name, as: UTF8.self)), id)
            }
        }
    }
}
