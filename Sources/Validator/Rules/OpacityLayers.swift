/// What a reader sees through elements drawn with `opacity` below 1, for the contrast rule.
///
/// An element with `opacity` is drawn as a page draws it: its background and its contents
/// (a group's members) are painted into a layer of their own, and the layer is then laid
/// over what is behind it with that opacity. Layers nest (a group in a group). Compositing
/// a layer's premultiplied content (P, A) over its parent's (Q, B) gives
/// (o·P + (1 − o·A)·Q, o·A + (1 − o·A)·B): affine in (P, A). So the colour finally seen is
/// an affine function of the innermost layer's content, `scale·P + tint·A + base`, which
/// is all a frame carries: opening a layer composes one more map, painting changes the
/// content, and the pixel seen with or without the text is one evaluation each.
///
/// Only elements with opacity below 1 open layers: where every opacity is 1, the rule keeps
/// painting straight onto the opaque colour behind (`ColorMath.composite`), as before.
///
/// Immutable, and shared by reference: a lint frame carries its layers to every element
/// linted in it, and frames are copied for every element, while layers are few.
final class OpacityLayers {
    private let state: State

    private init(_ state: State) { self.state = state }

    /// The opaque `backdrop` (unknown: nil), seen through one new layer of `opacity`.
    convenience init(opacity o: Double, over backdrop: RGBAColor?) {
        self.init(State(opacity: o, over: backdrop))
    }

    /// These layers with one more, of opacity `o`, opened over the current content.
    func opening(opacity o: Double) -> OpacityLayers {
        var state = self.state
        state.open(opacity: o)
        return OpacityLayers(state)
    }

    /// These layers with `color` (unknown: nil) painted into the innermost one.
    func painting(_ color: RGBAColor?) -> OpacityLayers {
        var state = self.state
        state.paint(color)
        return OpacityLayers(state)
    }

    /// The product of the opacities of the open layers, for the message.
    var opacity: Double { state.opacity }

    /// The opaque colour seen where nothing more is painted; nil when it is not known.
    var seen: RGBAColor? { state.seen }

    /// The colour seen where `color` is painted into the innermost layer.
    func seen(painting color: RGBAColor) -> RGBAColor? { state.seen(painting: color) }

    private struct State {
        /// The map from the innermost layer's premultiplied content to the colour seen (0…255).
        private var scale: Double
        private var tint: SIMD3<Double>
        private var base: SIMD3<Double>
        /// The innermost layer's content so far, premultiplied (0…255), and its alpha (0…1).
        private var content: SIMD3<Double>
        private var alpha: Double
        /// False when what lies behind is not known (a colour that cannot be read, a backdrop
        /// that is not given): nothing seen can be worked out then.
        private var mapKnown: Bool
        private var contentKnown: Bool
        /// The product of the opacities of the open layers, for the message.
        private(set) var opacity: Double

        /// The opaque `backdrop` (unknown: nil), seen through one new layer of `opacity`.
        init(opacity o: Double, over backdrop: RGBAColor?) {
            // The backdrop as a layer of its own, opaque, seen as it is.
            scale = 1
            tint = .zero
            base = .zero
            content = backdrop.map(State.vector) ?? .zero
            alpha = 1
            mapKnown = true
            contentKnown = backdrop != nil
            opacity = 1
            open(opacity: o)
        }

        /// Opens a layer of opacity `o` over the current content.
        mutating func open(opacity o: Double) {
            // F(o·P − o·Q·A + Q, o·(1 − B)·A + B), with (Q, B) the current content.
            let newTint = -scale * o * content + o * (1 - alpha) * tint
            base = scale * content + alpha * tint + base
            tint = newTint
            scale *= o
            mapKnown = mapKnown && contentKnown
            content = .zero
            alpha = 0
            contentKnown = true
            opacity *= o
        }

        /// Paints `color` (unknown: nil) into the innermost layer.
        mutating func paint(_ color: RGBAColor?) {
            guard let color else {
                contentKnown = false
                return
            }
            (content, alpha) = State.painting(color, over: content, alpha)
            if color.alpha == 255 { contentKnown = true }
        }

        /// The opaque colour seen where nothing more is painted; nil when it is not known.
        var seen: RGBAColor? { color(content, alpha) }

        /// The colour seen where `color` is painted into the innermost layer.
        func seen(painting color: RGBAColor) -> RGBAColor? {
            let (p, a) = State.painting(color, over: content, alpha)
            return self.color(p, a)
        }

        private func color(_ p: SIMD3<Double>, _ a: Double) -> RGBAColor? {
            guard mapKnown && contentKnown else { return nil }
            let v = scale * p + a * tint + base
            func channel(_ x: Double) -> UInt8 { UInt8(min(max(x, 0), 255).rounded()) }
            return RGBAColor(red: channel(v.x), green: channel(v.y), blue: channel(v.z))
        }

        private static func painting(_ c: RGBAColor, over p: SIMD3<Double>, _ a: Double) -> (SIMD3<Double>, Double) {
            let ca = Double(c.alpha) / 255
            return (ca * vector(c) + (1 - ca) * p, ca + (1 - ca) * a)
        }

        private static func vector(_ c: RGBAColor) -> SIMD3<Double> {
            SIMD3(Double(c.red), Double(c.green), Double(c.blue))
        }
}
}
