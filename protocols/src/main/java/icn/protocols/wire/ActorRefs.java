package icn.protocols.wire;

import akka.actor.ExtendedActorSystem;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorRefResolver;
import akka.actor.typed.javadsl.Adapter;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/** Writes typed actor references as Akka's serialization format (their full address) and resolves them in the receiving system. */
public final class ActorRefs {

    /** The class of every typed ActorRef in Akka 2.6 (and Pekko): the adapter around a classic reference. */
    static final Class<?> TYPED_REF_CLASS = akka.actor.typed.internal.adapter.ActorRefAdapter.class;

    private final ExtendedActorSystem system;
    private volatile ActorRefResolver resolver;

    ActorRefs(ExtendedActorSystem system) {
        this.system = system;
    }

    private ActorRefResolver resolver() {
        ActorRefResolver r = resolver;
        if (r == null) {
            r = ActorRefResolver.get(Adapter.toTyped(system));
            resolver = r;
        }
        return r;
    }

    @SuppressWarnings("rawtypes")
    static Serializer<ActorRef> serializer(ActorRefs refs) {
        return new Serializer<>() {
            @Override
            public void write(Kryo kryo, Output output, ActorRef ref) {
                if (refs == null) {
                    throw new KryoException("actor references need a KryoSerializer created by an actor system");
                }
                @SuppressWarnings("unchecked")
                String text = refs.resolver().toSerializationFormat(ref);
                kryo.writeObject(output, text);
            }

            @Override
            public ActorRef read(Kryo kryo, Input input, Class<? extends ActorRef> type) {
                if (refs == null) {
                    throw new KryoException("actor references need a KryoSerializer created by an actor system");
                }
                // through the String registration, which checks the length it reads (issue 36)
                String text = kryo.readObject(input, String.class);
                if (text == null) {
                    throw new KryoException("an actor reference without an address");
                }
                return refs.resolver().resolveActorRef(text);
            }
        };
    }
}
