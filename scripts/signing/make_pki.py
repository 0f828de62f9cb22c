#!/usr/bin/env python3
"""Writes a small X.509 PKI into OUTDIR for the certificate-method signing tests
(ModelSigningCertificateTests): PEM certificates `NAME.pem` and PKCS#8 keys `NAME.key`, made with
Python's `cryptography` (run it with the venv of scripts/signing/setup.sh).

    root          self-signed CA (P-256), keyCertSign
    other-root    an unrelated self-signed CA
    inter         CA (P-384) issued by root
    bad-inter     issued by root, a KeyUsage without keyCertSign (digitalSignature only)
    leaf          issued by inter, KeyUsage digitalSignature (critical)
    leaf-eku      issued by inter, no KeyUsage, ExtendedKeyUsage codeSigning (critical)
    leaf-nosign   issued by inter, KeyUsage keyEncipherment only, no ExtendedKeyUsage
    leaf-expired  issued by inter, valid from 400 days ago until 10 days ago
    leaf-p521     issued by inter, a P-521 key
    leaf-bad      issued by bad-inter, KeyUsage digitalSignature

Each run makes new keys; certificates are valid from 1,000 days ago (leaves: 1 day) for a year
or more, so that verification at a leaf's notBefore finds its issuers valid.
"""
import datetime
import pathlib
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

NOW = datetime.datetime.now(datetime.timezone.utc)


def usage(**flags):
    names = ["digital_signature", "content_commitment", "key_encipherment", "data_encipherment",
             "key_agreement", "key_cert_sign", "crl_sign", "encipher_only", "decipher_only"]
    return x509.KeyUsage(**{name: flags.get(name, False) for name in names})


def issue(subject, key, issuer=None, issuer_key=None, ca=False, key_usage=None, eku=None, days=(-1, 365)):
    issuer_name = issuer.subject if issuer else x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)])
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
        .issuer_name(issuer_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOW + datetime.timedelta(days=days[0]))
        .not_valid_after(NOW + datetime.timedelta(days=days[1]))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if key_usage is not None:
        builder = builder.add_extension(key_usage, critical=True)
    if eku is not None:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=True)
    return builder.sign(issuer_key or key, hashes.SHA256())


def main():
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    made = {}

    def write(name, certificate, key):
        (out / f"{name}.pem").write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        (out / f"{name}.key").write_bytes(key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        made[name] = (certificate, key)

    ca_usage = usage(key_cert_sign=True, crl_sign=True)
    ca_days = (-1000, 3650)
    for name in ["root", "other-root"]:
        key = ec.generate_private_key(ec.SECP256R1())
        write(name, issue(name, key, ca=True, key_usage=ca_usage, days=ca_days), key)
    root, root_key = made["root"]
    key = ec.generate_private_key(ec.SECP384R1())
    write("inter", issue("inter", key, root, root_key, ca=True, key_usage=ca_usage, days=ca_days), key)
    key = ec.generate_private_key(ec.SECP256R1())
    write("bad-inter", issue("bad-inter", key, root, root_key, ca=True,
                             key_usage=usage(digital_signature=True), days=ca_days), key)
    inter, inter_key = made["inter"]
    bad, bad_key = made["bad-inter"]
    signing = usage(digital_signature=True)
    leaves = {
        "leaf": (ec.SECP256R1(), inter, inter_key, dict(key_usage=signing)),
        "leaf-eku": (ec.SECP256R1(), inter, inter_key, dict(eku=[ExtendedKeyUsageOID.CODE_SIGNING])),
        "leaf-nosign": (ec.SECP256R1(), inter, inter_key, dict(key_usage=usage(key_encipherment=True))),
        "leaf-expired": (ec.SECP256R1(), inter, inter_key, dict(key_usage=signing, days=(-400, -10))),
        "leaf-p521": (ec.SECP521R1(), inter, inter_key, dict(key_usage=signing)),
        "leaf-bad": (ec.SECP256R1(), bad, bad_key, dict(key_usage=signing)),
    }
    for name, (curve, issuer, issuer_key, options) in leaves.items():
        key = ec.generate_private_key(curve)
        write(name, issue(name, key, issuer, issuer_key, **options), key)


if __name__ == "__main__":
    main()
