"""An S3 endpoint for the tests: moto's server on loopback with signature checking on.

Starts moto (from .venv-s3, scripts/s3/setup.sh) on 127.0.0.1 and a free port (or --port),
creates an IAM user with an access key allowed s3:*, then turns authentication on: from then on
every request must carry a valid SigV4 signature by that key (moto answers
SignatureDoesNotMatch / InvalidAccessKeyId otherwise). Prints one JSON line
  {"endpoint": "http://127.0.0.1:PORT", "accessKeyID": ..., "secretAccessKey": ..., "region": ...}
With --bucket=NAME (repeatable) it also creates those buckets before authentication starts.
and serves until standard input closes or SIGTERM.
"""
import argparse
import json
import os
import signal
import sys
import threading

# Requests before authentication starts: exactly the three IAM calls below, and the CreateBucket
# of each --bucket.
_buckets = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--bucket=")]
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = str(3 + len(_buckets))
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")

import boto3  # noqa: E402
from moto.server import ThreadedMotoServer  # noqa: E402

POLICY = json.dumps(
    {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--region", default="us-east-1")
    parser.add_argument("--bucket", action="append", default=[], help="create this bucket (as --bucket=NAME)")
    args = parser.parse_args()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=args.port, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    iam = boto3.client(
        "iam", endpoint_url=endpoint, region_name=args.region,
        aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap",
    )
    iam.create_user(UserName="tensorbridge-hub")
    key = iam.create_access_key(UserName="tensorbridge-hub")["AccessKey"]
    iam.put_user_policy(UserName="tensorbridge-hub", PolicyName="s3", PolicyDocument=POLICY)
    s3 = boto3.client(
        "s3", endpoint_url=endpoint, region_name=args.region,
        aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap",
    )
    for bucket in args.bucket:
        s3.create_bucket(Bucket=bucket)
    print(json.dumps({
        "endpoint": endpoint, "accessKeyID": key["AccessKeyId"],
        "secretAccessKey": key["SecretAccessKey"], "region": args.region,
    }), flush=True)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait()
    server.stop()


if __name__ == "__main__":
    main()
