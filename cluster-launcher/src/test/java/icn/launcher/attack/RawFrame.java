package icn.launcher.attack;

/** Bytes an attacker puts on the wire as they are, under the emulator's serializer id (see {@link RawFrameSerializer}). */
public record RawFrame(byte[] bytes) {
}
