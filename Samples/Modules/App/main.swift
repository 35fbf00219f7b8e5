import Ravioli
