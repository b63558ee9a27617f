package io.gsnode.netns.fabric;

/** A kernel facility the fabric may use; the preflight checks each one the plan needs. */
public enum KernelFeature {
    HTB("qdisc htb"), PFIFO("qdisc pfifo"), FQ_CODEL("qdisc fq_codel"), NETEM("qdisc netem"),
    INGRESS("qdisc ingress"), U32("filter u32"), MIRRED("action mirred"), IFB("link type ifb"),
    VETH("link type veth"), BRIDGE("link type bridge"), TUN("TUN devices (/dev/net/tun)");

    private final String what;

    KernelFeature(String what) {
        this.what = what;
    }

    /** How a person would name it: {@code qdisc netem}. */
    public String what() {
        return what;
    }
}
