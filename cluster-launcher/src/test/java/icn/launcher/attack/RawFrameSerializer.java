package icn.launcher.attack;

import akka.serialization.JSerializer;
import icn.protocols.wire.KryoSerializer;

/**
 * An attacker's serializer: it writes a {@link RawFrame}'s bytes under the id of the emulator's Kryo serializer, so that a member
 * receiving them hands them to its {@link KryoSerializer} as if a member had sent them.
 */
public final class RawFrameSerializer extends JSerializer {

    @Override
    public int identifier() {
        return KryoSerializer.IDENTIFIER;
    }

    @Override
    public boolean includeManifest() {
        return false;
    }

    @Override
    public byte[] toBinary(Object o) {
        return ((RawFrame) o).bytes();
    }

    @Override
    public Object fromBinaryJava(byte[] bytes, Class<?> manifest) {
        return new RawFrame(bytes);
    }
}
