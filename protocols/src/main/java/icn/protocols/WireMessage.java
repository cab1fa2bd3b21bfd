package icn.protocols;

/**
 * Marker of every message that may cross JVMs. Only classes registered in {@link KryoRegistrations} are serialized; anything else is
 * refused (Kryo registration required, Java serialization off).
 */
public interface WireMessage {
}
